-- The organisation's image library (issue 13, the designer's pictures): pictures an engineer uploads once and picks
-- in any page's picture fields. A library picture belongs to the organisation, not to an equipment: every account
-- of the organisation lists and sees it. The file is `<data-dir>/userimg/<file_name>` (128 random bits in hex and
-- the extension of the type the bytes are), served at `/userimg/<file_name>`; the name is unique across
-- organisations (it is what serving looks up). `title` is what the library shows (at most 100 characters),
-- `kind` the detected type's extension, `bytes` the file's size, `uploaded_by` the account that uploaded it.
CREATE TABLE library_images (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    file_name TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    kind TEXT NOT NULL,
    bytes BIGINT NOT NULL,
    uploaded_by BIGINT NOT NULL REFERENCES users(id),
    created_ms BIGINT NOT NULL
);
CREATE INDEX library_images_org ON library_images (org_id, created_ms);
