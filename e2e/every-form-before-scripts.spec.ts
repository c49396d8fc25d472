import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 25 §5: on a slow phone the forms are painted before the scripts run. Whatever a buyer types, ticks
// or picks meanwhile, in every form the server renders, must still be there once the scripts have run.

// Every page whose HTML from the server carries a form (the others' forms appear after a fetch or a click).
const pages = [
  '/signup',
  '/login',
  '/admin/login',
  '/redefinir-senha',
  '/checkout?type=likes&amount=500',
  '/checkout?type=followers&amount=1000',
  '/checkout?type=recurring&plan=simples',
];

/** A value each kind of field accepts; digits for the masked ones (phone), which the mask may reformat. */
function sample(type: string, name: string): string {
  if (type === 'email') return 'cedo@exemplo.com';
  if (type === 'password') return 'segredo-cedo-1';
  if (/cnpj/i.test(name)) return '11222333000181';
  if (type === 'tel' || /whatsapp|telefone|cpf|cep/i.test(name)) return '31988887777';
  if (type === 'url' || /link|post/i.test(name)) return 'https://www.instagram.com/p/CEDO1/';
  if (/instagram|handle/i.test(name)) return 'perfil.cedo';
  return 'Texto Cedo';
}

async function holdScripts(page: Page) {
  const held: Array<() => void> = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) =>
    holding ? held.push(() => void route.continue()) : route.continue(),
  );
  return async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    holding = false;
    for (const release of held) release();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  };
}

for (const url of pages) {
  test(`${url}: every field typed before the scripts run is kept`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(url);
    const fields = page.locator(
      'form input:not([type=hidden]):not([type=submit]), form select, form textarea',
    );
    const count = await fields.count();
    expect(count).toBeGreaterThan(0);
    const typed: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const field = fields.nth(i);
      const kind = await field.evaluate((el) =>
        el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type,
      );
      const name = (await field.getAttribute('id')) ?? '';
      // Found again by its id: a ticked add-on brings a field of its own once the scripts run.
      expect(name, `field ${i} has an id`).not.toBe('');
      ids.push(name);
      if (kind === 'checkbox' || kind === 'radio') {
        await field.check();
        typed.push('on');
      } else if (kind === 'select') {
        const options = await field
          .locator('option')
          .evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
        await field.selectOption(options.at(-1)!);
        typed.push(options.at(-1)!);
      } else {
        await field.fill(sample(kind, name));
        typed.push(await field.inputValue());
      }
    }
    await release();
    for (let i = 0; i < count; i++) {
      const field = page.locator(`[id="${ids[i]}"]`);
      const kind = await field.evaluate((el) =>
        el instanceof HTMLSelectElement ? 'select' : (el as HTMLInputElement).type,
      );
      if (kind === 'checkbox' || kind === 'radio') await expect(field).toBeChecked();
      else if (/^\d+$/.test(typed[i]!) && kind !== 'select')
        expect((await field.inputValue()).replace(/\D/g, '')).toBe(typed[i]);
      // A mask may only change the case (the purchase code is upper-case).
      else expect((await field.inputValue()).toLowerCase()).toBe(typed[i]!.toLowerCase());
    }
  });
}
