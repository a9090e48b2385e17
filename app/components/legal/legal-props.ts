export type LegalProps = { siteName: string; email: string; phone: string; address: string };
