-- One picture per stored version, taken once by headless Chromium after the version was published
-- (io.sites.app.pictures): the PNG itself is a blob (content-addressed, like every file of a site); a row without a
-- hash records that the attempt failed or was skipped, so the pages fall back to the site's icon and no one retries.
create table version_picture (
    website_id varchar(64)  not null,
    version    integer      not null,
    sha256     varchar(64),
    outcome    varchar(200) not null,
    taken_at   timestamp    not null,
    primary key (website_id, version)
);
