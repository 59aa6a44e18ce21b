-- Account security (issue 16, docs/security.md "Account security and password recovery"): which contact addresses
-- were proven by a code, the security question (its answer argon2id-hashed, never kept in the clear), and the
-- administrator's "change the password at next login".
ALTER TABLE users ADD COLUMN tel_verified BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN email_verified BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN question TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN answer_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN must_change_password BIGINT NOT NULL DEFAULT 0;

-- Verification codes sent by SMS or e-mail: a salted SHA-256 of the 6 digits, bound to the account, the purpose
-- (identity, bind, recover) and the address it was sent to; single use (used_ms), at most 5 attempts. Rows older
-- than an hour are purged when a code is sent, so the table holds at most an hour of sends.
CREATE TABLE verify_codes (
    id {{ID}},
    user_id BIGINT NOT NULL,
    purpose TEXT NOT NULL,
    address TEXT NOT NULL,
    salt TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    used_ms BIGINT
);
CREATE INDEX verify_codes_address ON verify_codes (address, created_ms);

-- A proven identity of one session (the security wizard's first step), short-lived: the session token's hash.
CREATE TABLE security_proofs (
    session_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

-- A password recovery in progress, named by the hash of a random token held in an HttpOnly cookie: whose account,
-- whether the identity check passed, how many wrong answers it took. Deleted when the password is set.
CREATE TABLE recovery_tickets (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    verified BIGINT NOT NULL DEFAULT 0,
    attempts BIGINT NOT NULL DEFAULT 0,
    expires_ms BIGINT NOT NULL
);
