/**
 * The store and the customer the email builders' tests write to. The tests assert on these values
 * (the order number, the customer's name, the date the order was placed, the support contacts), so
 * they live in one place; each test adds the lines, totals and payment its emails are about.
 */
export const sampleStore = {
  name: "Angle",
  address: "Bengaluru",
  supportEmail: "support@angle.in",
  supportPhone: "+91 80 4567 8900",
  baseUrl: "https://angle.example",
};

export const sampleCustomerOrder = {
  id: "abc123def456",
  createdAt: "2026-11-02T04:30:00.000Z",
  customerName: "Asha Patil",
  customerEmail: "asha@example.in",
  customerPhone: "+91 98765 43210",
  address: { street: "1 Test Street", city: "Pune", state: "Maharashtra", pincode: "411001" },
};
