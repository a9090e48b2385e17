/**
 * The store's identity on ONDC as the admin page shows it and the grievance replies sign it
 * (server/ondc-identity.server.ts reads it): public values only, a private key never among them.
 */
export type OndcIdentity = {
  configured: boolean;
  subscriberId: string | null;
  subscriberUrl: string | null;
  uniqueKeyId: string | null;
  signingPublicKey: string | null;
  encryptionPublicKey: string | null;
  /** What is wrong with a private key, never the key itself. */
  keyProblem: string | null;
};
