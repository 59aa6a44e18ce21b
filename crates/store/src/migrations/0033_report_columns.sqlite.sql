-- Report columns (issue 35): a column is a signal and a statistic (ironsight_domain::report::ColumnDef), so a
-- report's columns become a JSON array of those; the signal lists of older reports become columns of each
-- signal's last value, which is what those reports showed. The shifts of an organisation's day (NULL: the
-- default three of eight hours) are its report settings.
ALTER TABLE reports ADD COLUMN columns TEXT NOT NULL DEFAULT '[]';
UPDATE reports SET columns = (SELECT json_group_array(json_object('signalId', value, 'statistic', 'last'))
    FROM json_each(reports.signal_ids));
ALTER TABLE reports DROP COLUMN signal_ids;
ALTER TABLE reports ADD COLUMN updated_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE org_settings ADD COLUMN shifts TEXT;
