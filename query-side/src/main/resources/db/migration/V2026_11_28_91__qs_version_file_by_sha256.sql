-- The blob collector's mark (app's io.sites.app.blobs.BlobMarks) asks, per stored blob, whether a retained version
-- has a file with its digest: an index lookup, not a scan of every version's files.
create index qs_version_file_sha256 on qs_version_file (sha256);
