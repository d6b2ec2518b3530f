-- Each owner's distinct stored blobs: those its counted versions (not pruned, website not deleted) name, and the
-- bytes they weigh on the owner's row, so the storage quota reads one row per publish instead of summing every file
-- of the owner's history (OwnerBlobs keeps both from here on).
create table qs_owner_blob (
    owner_id varchar(64) not null,
    sha256   varchar(64) not null,
    size     bigint      not null,
    primary key (owner_id, sha256)
);
alter table qs_owner_count add column stored_bytes bigint not null default 0;

insert into qs_owner_blob (owner_id, sha256, size)
select w.owner_id, f.sha256, max(f.size)
from qs_version_file f
join qs_version v on v.job_id = f.job_id
join qs_website w on w.id = v.website_id
where v.pruned_at is null and w.status <> 'deleted' and f.sha256 is not null
group by w.owner_id, f.sha256;

insert into qs_owner_count (owner_id, live)
select distinct b.owner_id, 0 from qs_owner_blob b
where not exists (select 1 from qs_owner_count c where c.owner_id = b.owner_id);

update qs_owner_count set stored_bytes =
    coalesce((select sum(b.size) from qs_owner_blob b where b.owner_id = qs_owner_count.owner_id), 0);
