-- A message composed from a material (issue 14, docs/materials.md) keeps the material's national attributes as they
-- were when it was saved: {pushCountrySet, notPushCountrySet}. At send time a device outside them is dropped with
-- loss 109 (material country ignored). NULL: no material, every country.
ALTER TABLE messages ADD COLUMN material_countries jsonb;
