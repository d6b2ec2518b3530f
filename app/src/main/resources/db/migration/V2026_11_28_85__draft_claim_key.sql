-- The key that signs drafts' claim links (io.sites.app.usecases.DraftClaimLinks), kept as the preview key is: the
-- first API replica to start creates the one row, every other loads it, so a link signed by one verifies on all.
create table draft_claim_key (
    id         varchar(64)  not null primary key,
    secret     varchar(200) not null,
    created_at timestamp with time zone not null
);
