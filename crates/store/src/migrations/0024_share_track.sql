-- The public share view (docs/share.md). A share's generation goes up whenever its settings change (turned on or
-- off, new password, new authority), and each share session remembers the generation it was opened under: a
-- session of an older generation is refused on its next call, so turning sharing off or changing the password
-- revokes every visitor at once.
ALTER TABLE equipment_shares ADD COLUMN generation BIGINT NOT NULL DEFAULT 0;

-- Visitors' sessions: the SHA-256 of the token (never the token), the ONE equipment it opens, the generation it
-- was opened under, and its idle expiry. Not a user session: nothing else reads this table.
CREATE TABLE share_sessions (
    token_hash TEXT PRIMARY KEY,
    equipment_id BIGINT NOT NULL REFERENCES equipment(id) ON DELETE CASCADE,
    generation BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    last_seen_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL,
    address TEXT NOT NULL
);
CREATE INDEX share_sessions_expiry ON share_sessions (expires_ms);
