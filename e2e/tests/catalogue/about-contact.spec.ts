import { expect, spec, test } from '../../fixtures/test.ts';

test(
  'About: title, vision, mission and the three offers',
  { tag: '@catalogue', annotation: spec('About the product') },
  async ({ page, shell }) => {
    await page.goto('/');
    await shell.navigate('About');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    for (const offer of ['Artifact Documentation', 'Community Engagement', 'Secure Platform']) {
      await expect(page.getByRole('heading', { level: 3, name: offer })).toBeVisible();
    }
  },
);

test(
  "Contact: details, field errors, the server's refusal with the form kept, then the success toast once stored",
  {
    tag: '@catalogue',
    annotation: spec(
      'Send Message',
      'Message sent successfully! We will get back to you soon.',
      'validation rule: Contact',
    ),
  },
  async ({ page, shell }) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'contact@heritagevault.org' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+1 (555) 014-2024' })).toBeVisible();
    await expect(page.getByText('221 Museum Lane')).toBeVisible();

    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    // One summary lists the problems and takes focus (#55 item 3).
    const summary = page.getByRole('group', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]);
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Subject').fill('A correction');
    await page.getByLabel('Message').fill('The astrolabe dates from 1200 AD.');
    await expect(summary.getByRole('link')).toHaveText(['Please enter a valid email address']);
    await send.click();
    await expect(summary).toBeFocused();

    // The server refuses what it will not store, and the form keeps what was typed.
    const subject = 'A\u0007correction';
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByLabel('Subject').fill(subject);
    await send.click();
    await shell.expectToast(/Subject must not contain control characters/);
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');

    // The success toast follows the server's 201 (docs/decisions.md: Contact sends).
    await page.getByLabel('Subject').fill('A correction');
    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST',
    );
    await send.click();
    expect((await stored).status()).toBe(201);
    await shell.expectToast('Message sent successfully! We will get back to you soon.');
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      await expect(page.getByLabel(label)).toHaveValue('');
  },
);
