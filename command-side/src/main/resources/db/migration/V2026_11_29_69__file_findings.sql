-- Findings by content (issue 38, item 3; docs/DECISIONS.md "Big sites"): what the authoring rules found in a file's
-- bytes at a path (the references the link check judges, the loads the sites' policy blocks), kept once a publish
-- that read the bytes is accepted; a later publish of the account naming the same bytes at the same path replays
-- them instead of reading the blob back and parsing it. content_key is the SHA-256 of the blob's digest, the type
-- the rules read it as and the path; rows of older rules (rules_version) are never read. Kept per account, so no
-- account learns what another published. A collected blob's rows go with it (by sha256), an erased account's too.
create table file_findings (
    account_id    varchar(64) not null,
    rules_version integer     not null,
    content_key   varchar(64) not null,
    sha256        varchar(64) not null,
    findings      varchar     not null,
    primary key (account_id, rules_version, content_key)
);
create index file_findings_sha256 on file_findings (sha256);
