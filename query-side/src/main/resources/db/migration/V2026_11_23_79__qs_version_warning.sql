-- The warnings a version's bundle was published with (broken links), in the order the reader found them, so that
-- getJob can show them. Filled by the projection from VersionPublished; events stored before it have none.
create table qs_version_warning (
    job_id   varchar(64) not null,
    position integer     not null,
    code     varchar(64) not null,
    message  text        not null,
    path     text,
    detail   text,
    primary key (job_id, position)
);
