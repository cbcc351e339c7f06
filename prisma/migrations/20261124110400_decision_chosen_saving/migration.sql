-- The chosen candidate's carbon saving, kept by PostgreSQL beside the explanation it comes from, so
-- the overview's live poll sums a column instead of reading (and decompressing) the explanation of
-- every decision placed in the last week, which grew with the fleet's history.
ALTER TABLE "Decision"
  ADD COLUMN "chosenSavingGCo2e" DOUBLE PRECISION
  GENERATED ALWAYS AS (((explanation -> 'chosen' -> 0 -> 'carbon' ->> 'savingGCo2e'))::double precision) STORED;
