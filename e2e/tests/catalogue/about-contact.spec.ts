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
    for (const error of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]) {
      await expect(page.getByText(error)).toBeVisible();
    }
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByLabel('Subject').fill('A correction');
    await page.getByLabel('Message').fill('The astrolabe dates from 1200 AD.');
    await send.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Name is required')).toHaveCount(0);

    // The server refuses what it will not store, and the form keeps what was typed.
    const tooLong = 'x'.repeat(5001);
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByLabel('Message').fill(tooLong);
    await send.click();
    await shell.expectToast('Invalid message: Message must be at most 5000 characters');
    await expect(page.getByLabel('Message')).toHaveValue(tooLong);
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');

    // The success toast follows the server's 201 (docs/decisions.md: Contact sends).
    await page.getByLabel('Message').fill('The astrolabe dates from 1200 AD.');
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
