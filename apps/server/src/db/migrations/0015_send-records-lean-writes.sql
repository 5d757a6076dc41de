-- Send records are written once per device of every message (DESIGN §5): every index and check on that insert is
-- paid millions of times per broadcast.
-- 1. send_records_device_idx (device_id) duplicates the leading column of send_records_device_sent_idx
--    (device_id, sent_at), which serves every lookup by device (troubleshooting, targeting joins, deletes).
DROP INDEX IF EXISTS send_records_device_idx;
-- 2. The foreign key to devices made every inserted record check its device and take a KEY SHARE lock on the
--    device's row (a write to the devices heap per send). The engine only records devices it has just read; what the
--    key gave beyond that — removing a device's records with the device (and with its app) — is this trigger, one
--    statement per deleting statement.
ALTER TABLE send_records DROP CONSTRAINT IF EXISTS send_records_device_id_fkey;
CREATE FUNCTION send_records_forget_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM send_records s USING gone g WHERE s.device_id = g.id;
  RETURN NULL;
END $$;
CREATE TRIGGER devices_forget_send_records AFTER DELETE ON devices
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION send_records_forget_devices();
