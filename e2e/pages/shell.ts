/** The shell as a member sees it: navigation bar, menus, toasts, login and register. */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectLivePage } from './live-page.ts';

export class ShellPage {
  constructor(readonly page: Page) {}

  /** A toast in the shell's toast area (react-hot-toast renders each as a status region). */
  toast(text: string | RegExp): Locator {
    return this.page.locator('[role="status"]').filter({ hasText: text });
  }

  /** The error summary a form shows at its top after a submit with mistakes (#55 item 3; any form of the site). */
  get errorSummary(): Locator {
    return this.page.getByRole('group', { name: 'There is a problem' });
  }

  async expectToast(text: string | RegExp): Promise<void> {
    await expect(this.toast(text).first()).toBeVisible();
  }

  get isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 768;
  }

  /** Follows a navigation-bar link, through the hamburger menu on small screens. */
  async navigate(label: string): Promise<void> {
    if (this.isPhone) {
      await this.page.getByRole('button', { name: 'Open menu' }).click();
      await this.page.locator('#mobile-menu').getByRole('link', { name: label, exact: true }).click();
    } else {
      await this.page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
    }
  }

  /** The navigation bar's page links are these, in order (in the hamburger menu on small screens). */
  async expectNavbarLinks(labels: string[]): Promise<void> {
    if (this.isPhone) {
      await this.page.getByRole('button', { name: 'Open menu' }).click();
      await expect(this.page.locator('#mobile-menu').getByRole('listitem').getByRole('link')).toHaveText(
        labels,
      );
      await this.page.getByRole('button', { name: 'Close menu' }).click();
    } else {
      await expect(this.page.getByRole('banner').getByRole('listitem').getByRole('link')).toHaveText(labels);
    }
  }

  avatarButton(): Locator {
    return this.page.getByRole('button', { name: /Account menu for/ });
  }

  async openUserMenu(): Promise<Locator> {
    // The server draws a member's avatar: it opens its menu once the page is live (hydrated).
    await expectLivePage(this.page);
    await this.avatarButton().click();
    const menu = this.page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    return menu;
  }

  async fillLogin(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
  }

  /** Signs in through the real login form and waits until the shell shows the signed-in avatar. */
  async login(email: string, password: string, from = '/login'): Promise<void> {
    if (from) await this.page.goto(from);
    await this.fillLogin(email, password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(this.avatarButton()).toBeVisible();
  }

  async logout(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
