// npm run ondc:keys — new ONDC signing (ed25519) and encryption (X25519) key pairs, in the registry's formats.
import { generateOndcKeys } from "../app/features/ondc/server/keys.server";

const keys = generateOndcKeys();
console.log("# Register these two with ONDC's registry (subscribe: key_pair):");
console.log(`signing_public_key=${keys.signingPublicKey}`);
console.log(`encryption_public_key=${keys.encryptionPublicKey}`);
console.log("# Keep these two secret: they sign our calls and answer the registry's challenge.");
console.log(`signing_private_key=${keys.signingPrivateKey}`);
console.log(`encryption_private_key=${keys.encryptionPrivateKey}`);
