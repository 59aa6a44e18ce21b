-- Reports generated on schedule (issue 35): each closed day's and month's table of every report definition and
-- custom report, as its view answered it then (`data`: the columns and rows, JSON), kept while the definition
-- lives. A reading that arrives late for an archived period drops the archive (the roll-up worker), and the
-- archive worker makes it again. One of `report_id` and `custom_report_id` is set.
CREATE TABLE report_archive (
    id {{ID}},
    org_id BIGINT NOT NULL REFERENCES orgs(id),
    report_id BIGINT REFERENCES reports(id) ON DELETE CASCADE,
    custom_report_id BIGINT REFERENCES custom_reports(id) ON DELETE CASCADE,
    view TEXT NOT NULL,
    period TEXT NOT NULL,
    period_start BIGINT NOT NULL,
    period_end BIGINT NOT NULL,
    generated_ms BIGINT NOT NULL,
    data TEXT NOT NULL
);
CREATE UNIQUE INDEX report_archive_report ON report_archive (report_id, view, period);
CREATE UNIQUE INDEX report_archive_custom ON report_archive (custom_report_id, view, period);
CREATE INDEX report_archive_end ON report_archive (period_end);
-- When a late reading last dropped archives: an archive computed before that moment is not stored (it may have
-- missed the reading), and is computed again.
CREATE TABLE report_archive_late (
    id BIGINT PRIMARY KEY,
    late_ms BIGINT NOT NULL
);
INSERT INTO report_archive_late (id, late_ms) VALUES (1, 0);
