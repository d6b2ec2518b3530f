-- Sign-in failures and attempts per address now count in rate_window (the limits module, V2026_11_23_70), kinds
-- 'sign-in-username', 'sign-in-address', 'sign-up' and 'client-registration'. The counts of the windows running at
-- the upgrade are lost: at most one extra window's budget.
drop table sign_in_failure;
drop table address_attempt;
