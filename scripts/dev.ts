// `npm run dev`: the development server (Vite, hot reload) with the local fake payment gateway beside
// it, unless FAKE_GATEWAY=off or BASE_URL is not this machine. The app's gateway addresses point at the
// fake unless they are set; the app gives it its webhook secrets when it starts (entry.server.tsx).
import { spawn } from "node:child_process";
import { askedFakeGatewayPort, startLocalFakeGateway } from "../server/fake-gateway/fake-gateway.ts";

const local = !process.env.BASE_URL || /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(process.env.BASE_URL);
const wanted = process.env.FAKE_GATEWAY ? process.env.FAKE_GATEWAY === "on" : local;
// FAKE_GATEWAY_PORT, or 4010, or any free port when 4010 is taken (a second store on this machine).
const fake = wanted ? await startLocalFakeGateway(askedFakeGatewayPort(process.env.FAKE_GATEWAY_PORT)) : undefined;
const env: NodeJS.ProcessEnv = { ...process.env, FAKE_GATEWAY: fake ? "on" : "off" };
if (fake) {
  env.RAZORPAY_API_BASE ||= `${fake.url}/razorpay`;
  env.RAZORPAY_CHECKOUT_JS ||= `${fake.url}/razorpay/checkout.js`;
  env.STRIPE_API_BASE ||= fake.url;
  console.log(`Fake payment gateway (test mode) at ${fake.url}`);
}
const dev = spawn("react-router", ["dev", ...process.argv.slice(2)], { stdio: "inherit", env });
const stop = () => dev.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
dev.on("exit", async (code) => {
  await fake?.close();
  process.exit(code ?? 0);
});
