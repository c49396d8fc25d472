// `npm run bench:fulfilment`, part 3 (issue 26): 10,000 active Simples plans renewing in one day. Each
// renewal is the provider's PAYMENT_RECEIVED webhook for the plan's subscription, as in production: a new
// month's order, paid, with its four deliveries (followers + three subscription-type components) and
// their submission jobs in one transaction; then the panel gets one order per delivery.
// Target: ≥ 50 renewals/s recorded. The panel's submissions are reported too (floor set by the panel).

/** Seeds `plans` active subscriptions (each with its first month's order) straight into the database. */
async function seedPlans(db, plans) {
  await db.query(
    `with firsts as (
       insert into orders (purchase_code, service, plan_id, quantity, instagram, package_cents, add_ons_cents,
         total_cents, name, email, whatsapp, cpf, status, payment_status, payment_method, idempotency_key,
         request_hash, paid_at, created_at)
       select 'RENOVA' || i, 'recurring', 'simples', 1, 'plano' || i, 19700, 0, 19700, 'Ana Souza',
         'plano' || i || '@exemplo.com', '11912345678', '52998224725', 'em_transporte', 'paid', 'credit_card',
         'bench-renewal-' || i, 'bench', now() - interval '30 days', now() - interval '30 days'
       from generate_series(1, $1) i
       returning id, instagram)
     insert into subscriptions (provider, provider_subscription_id, plan_id, price_cents, status, first_order_id)
     select 'asaas', 'sub_' || instagram, 'simples', 19700, 'active', id from firsts`,
    [plans],
  );
  // Each component by its subscription service at the fake panel (104–106).
  await db.query(
    `update catalogue_plan_components set panel_service_id = case component
       when 'likes_per_post' then '104' when 'story_views' then '105' else '106' end`,
  );
}

export async function benchRenewals({ db, panel, baseUrl, webhookToken, plans, waitFor }) {
  await seedPlans(db, plans);
  const subscriptionAddsBefore = panel.subscriptionAdds().length;
  const started = performance.now();
  let next = 1;
  const post = async () => {
    for (let i = next++; i <= plans; i = next++) {
      const response = await fetch(`${baseUrl}/api/webhooks/asaas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': webhookToken },
        body: JSON.stringify({
          id: `evt_renewal_${i}`,
          event: 'PAYMENT_RECEIVED',
          payment: {
            object: 'payment',
            id: `pay_renewal_${i}`,
            status: 'RECEIVED',
            subscription: `sub_plano${i}`,
            billingType: 'CREDIT_CARD',
            value: 197,
          },
        }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`webhook ${i}: HTTP ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, post));
  console.log(`bench:fulfilment renewals: ${plans} webhooks answered`);
  const renewed = `select count(*)::int as n from orders o join deliveries d on d.order_id = o.id
     where o.idempotency_key like 'asaas:pay_renewal_%' and o.payment_status = 'paid'`;
  const { rows } = await db.query(renewed);
  const recordedSeconds = (performance.now() - started) / 1000;
  const recordedRate = plans / recordedSeconds;
  // Printed before waiting for the panel, so a run whose submissions time out still reports it.
  console.log(
    `bench:fulfilment renewals: ${Math.round(recordedRate)} renewals/s recorded in ${recordedSeconds.toFixed(1)} s ` +
      `(target ≥ 50; ${rows[0].n} deliveries created)`,
  );
  await waitFor(
    `select count(*)::int as n from deliveries d join orders o on o.id = d.order_id
     where o.idempotency_key like 'asaas:pay_renewal_%' and d.state in ('queued', 'submitting')
       and d.due_at <= now()`,
    'renewal submissions',
    900_000,
  );
  const submittedSeconds = (performance.now() - started) / 1000;
  const subscriptionAdds = panel.subscriptionAdds().length - subscriptionAddsBefore;
  const { rows: states } = await db.query(
    `select d.state, count(*)::int as n from deliveries d join orders o on o.id = d.order_id
     where o.idempotency_key like 'asaas:pay_renewal_%' group by d.state`,
  );
  console.log(
    `bench:fulfilment renewals: ${plans} Simples plans renewed by webhook in ${recordedSeconds.toFixed(1)} s = ` +
      `${Math.round(recordedRate)} renewals/s recorded (target ≥ 50; ${rows[0].n} deliveries created); ` +
      `all submitted to the panel after ${submittedSeconds.toFixed(1)} s = ${Math.round(plans / submittedSeconds)} renewals/s, ` +
      `${subscriptionAdds} subscription orders (3 per plan), states ${JSON.stringify(states)}; ` +
      `floor set by the panel: ${((plans * 4 * 0.2) / 40).toFixed(1)} s (40 submissions in flight)`,
  );
  return recordedRate >= 50 && rows[0].n === plans * 4 && subscriptionAdds === plans * 3;
}
