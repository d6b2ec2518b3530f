-- The read model keeps each file's sha256 since V2026_11_23_80; rows stored before have none. Rebuild the model from
-- the event store exactly as `replay read-model` does (ReadModelReplay, ReadTables): reads go to a copy of the old
-- model, the live tables are emptied and the read-model processor's token dropped, so it replays from the first
-- event; ReadModelReplay.resumeInterruptedReplay switches reads back once it has caught up. A database without
-- websites needs no copy, so nothing is frozen there. The copy and the emptying cover every table ReadTables names,
-- qs_version_warning (V2026_11_23_79) included, so a read during the catch-up finds each frozen table.
create table qs_frozen_website as select * from qs_website;
create table qs_frozen_version as select * from qs_version;
create table qs_frozen_version_file as select * from qs_version_file;
create table qs_frozen_version_warning as select * from qs_version_warning;
create table qs_frozen_collaborator as select * from qs_collaborator;
create index qs_frozen_website_id on qs_frozen_website (id);
create index qs_frozen_website_owner_id on qs_frozen_website (owner_id);
create index qs_frozen_version_job_id on qs_frozen_version (job_id);
create index qs_frozen_version_website_id on qs_frozen_version (website_id);
create index qs_frozen_version_file_job_id on qs_frozen_version_file (job_id);
create index qs_frozen_version_warning_job_id on qs_frozen_version_warning (job_id);
create index qs_frozen_collaborator_website_id on qs_frozen_collaborator (website_id);
create index qs_frozen_collaborator_account_id on qs_frozen_collaborator (account_id);
delete from qs_read_freeze;
insert into qs_read_freeze (id, frozen_at) select 1, current_timestamp where exists (select 1 from qs_website);
delete from qs_version_file;
delete from qs_version_warning;
delete from qs_version;
delete from qs_collaborator;
delete from qs_website;
delete from tokenentry where processorname = 'read-model';
