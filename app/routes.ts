import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Mirrors the spec's route list (§2), plus a product page and resource routes.
export default [
  layout("routes/store/layout.tsx", [
    // Storefront: header and footer. /admin and /vendor-login live outside this layout (spec §2).
    index("routes/store/home.tsx"),
    route("products", "routes/store/products.tsx"),
    route("products/:id", "routes/store/product.tsx"),
    route("about", "routes/store/about.tsx"),
    route("contact", "routes/store/contact.tsx"),
    route("terms", "routes/store/terms.tsx"),
    route("privacy", "routes/store/privacy.tsx"),
    route("refund", "routes/store/refund.tsx"),
    route("cart", "routes/store/cart.tsx"),
    route("checkout", "routes/store/checkout.tsx"),
    route("order-confirmation/:orderId?", "routes/store/order-confirmation.tsx"),
    route("orders", "routes/store/orders.tsx"),
    route("*", "routes/store/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
    route("products/:id", "routes/admin/product-edit.tsx", { id: "admin-product-edit" }),
    route("users", "routes/admin/users.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:id", "routes/admin/order.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("payment-settings", "routes/admin/payment-settings.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("uploads/:name", "routes/resources/upload.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("account/auth", "routes/account/auth.ts"),
  route("logout", "routes/account/logout.ts"),
  route("resources/cart-quote", "routes/resources/cart-quote.ts"),
  route("api/auth/*", "routes/resources/auth.ts"),
] satisfies RouteConfig;
