-- Findings by content (issue 38, item 3; docs/DECISIONS.md "Big sites"): what the authoring rules found in a file's
-- bytes at a path (the references the link check judges, the loads the sites' policy blocks), kept once a publish
-- that read the bytes is accepted; a later publish of the account naming the same bytes at the same path replays
-- them instead of reading the blob back and parsing it. content_key is the SHA-256 of the account, the blob's digest,
-- the type the rules read it as and the path: one column, so that both databases look a publish's keys up by the
-- primary key (H2 uses an index for an IN list only on an index's first column). Kept per account, so no account
-- learns what another published. A row of older rules (rules_version) is not trusted: the file is checked again
-- and its row replaced. A collected blob's rows go with it (by sha256), an erased account's too (by account_id).
create table file_findings (
    content_key   varchar(64) primary key,
    account_id    varchar(64) not null,
    rules_version integer     not null,
    sha256        varchar(64) not null,
    findings      varchar     not null
);
create index file_findings_sha256 on file_findings (sha256);
create index file_findings_account on file_findings (account_id);
