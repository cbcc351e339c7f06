-- E-mail notifications: a subscription mails an address instead of posting to a URL, attempts keep the
-- SMTP server's reply, and one row holds the outgoing mail server.
ALTER TABLE "NotificationSubscription" ALTER COLUMN "url" DROP NOT NULL;
ALTER TABLE "NotificationSubscription" ADD COLUMN "email" TEXT;
ALTER TABLE "NotificationAttempt" ADD COLUMN "smtpResponse" TEXT;

CREATE TABLE "SmtpSetting" (
    "id" TEXT NOT NULL DEFAULT 'global',
    "host" TEXT NOT NULL,
    "port" INTEGER NOT NULL,
    "secure" BOOLEAN NOT NULL DEFAULT false,
    "fromAddress" TEXT NOT NULL,
    "username" TEXT,
    "password" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "SmtpSetting_pkey" PRIMARY KEY ("id")
);
