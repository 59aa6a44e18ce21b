-- A library picture deleted while a kept page version still shows it is hidden, not removed (docs/designer.md, the
-- image library): gone from the library, its file still served, so restoring that version shows it. It is removed
-- for good once no page and no kept version shows it, and comes back into the library when a saved page shows it
-- again. NULL: in the library.
ALTER TABLE library_images ADD COLUMN hidden_ms BIGINT;
