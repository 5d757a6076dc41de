-- New-device protection (spec: "new devices 7-day protection", loss 106): with the switch on, a device first seen
-- less than 7 days ago gets no message of the app (dropped with 106, forecast, explained by troubleshooting).
ALTER TABLE apps ADD COLUMN new_device_protection boolean NOT NULL DEFAULT false;
