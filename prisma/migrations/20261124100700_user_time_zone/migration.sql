-- The display time zone of each person, an IANA name (NULL follows the browser). The length bound keeps
-- a hand-made request from storing arbitrary text, and the service checks the name against Intl.
ALTER TABLE "User" ADD COLUMN "timeZone" TEXT;
ALTER TABLE "User" ADD CONSTRAINT "User_timeZone_length" CHECK ("timeZone" IS NULL OR char_length("timeZone") BETWEEN 1 AND 64);
