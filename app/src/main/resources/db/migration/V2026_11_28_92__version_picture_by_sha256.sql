-- The blob collector's mark asks whether a retained version's picture is a blob: by digest.
create index version_picture_sha256 on version_picture (sha256);
