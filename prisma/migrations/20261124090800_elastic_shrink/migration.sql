-- An elastic victim may shed members instead of stopping: the members it had and kept (both null = stopped).
ALTER TABLE "Preemption" ADD COLUMN "shrunkFrom" INTEGER;
ALTER TABLE "Preemption" ADD COLUMN "shrunkTo" INTEGER;
