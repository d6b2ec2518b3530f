-- Live (not deleted) websites per owner, kept by the read model's projection, so that every listWebsites and every
-- create's limit check reads one row instead of counting the owner's websites (a scan of thousands of rows).
create table qs_owner_count (
    owner_id varchar(64) primary key,
    live     integer     not null
);
insert into qs_owner_count (owner_id, live)
select owner_id, count(*) from qs_website where status <> 'deleted' group by owner_id;
