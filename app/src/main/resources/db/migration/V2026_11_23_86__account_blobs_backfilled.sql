-- Backfills account_blob (V2026_11_23_85) for data stored before it: the blobs of filled upload slots for their
-- account, and the files of every version for the website's owner (the read model is the only table that holds
-- manifests in SQL; a collaborator's own blobs are not backfilled, but a publish to a website may always name the
-- blobs of that website's versions, which the command side reads from the events). Here, in app, because it reads
-- tables of two modules once; no code reads another module's tables.
insert into account_blob (account_id, sha256, size)
select account_id, blob_sha256, max(blob_size) from upload_slot
where blob_sha256 is not null and blob_size is not null
group by account_id, blob_sha256;

insert into account_blob (account_id, sha256, size)
select w.owner_id, f.sha256, max(f.size)
from qs_version_file f
join qs_version v on v.job_id = f.job_id
join qs_website w on w.id = v.website_id
where f.sha256 is not null
  and not exists (select 1 from account_blob a where a.account_id = w.owner_id and a.sha256 = f.sha256)
group by w.owner_id, f.sha256;
