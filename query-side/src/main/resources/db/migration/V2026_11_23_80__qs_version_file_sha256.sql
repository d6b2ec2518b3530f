-- Each file's SHA-256, as its version's manifest names it, so versions can be compared (diffVersions) without the
-- blob store. Rows stored before this column are filled by the rebuild in app's V2026_11_23_81.
alter table qs_version_file add column sha256 varchar(64);
