/** mf-artifact-editor as a member sees it: Add Artifact, Update Artifact and My Artifacts with its delete dialogs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { expectLivePage } from './live-page.ts';
import { ARTIFACT_FIELD_LABELS, type ArtifactInput } from 'artifact-model';

/** Each field's label on screen, as the shared model names it. */
export const FIELD_LABELS = ARTIFACT_FIELD_LABELS;

/** The first visit to a page loads its remote: on a busy machine that alone can take longer than one expect. */
const ARRIVAL = { timeout: 30_000 };

/** The parts Add and Update Artifact share: labelled fields with their messages, and the submit button. */
class ArtifactFormPage {
  constructor(
    readonly page: Page,
    private readonly formName: string,
    private readonly submitLabel: RegExp,
  ) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: this.formName });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The error summary a submit with mistakes shows at the top of the form (#55 item 3). */
  get summary(): Locator {
    return this.form.getByRole('group', { name: 'There is a problem' });
  }

  get submitButton(): Locator {
    return this.form.getByRole('button', { name: this.submitLabel });
  }

  async fill(values: Partial<ArtifactInput>): Promise<void> {
    for (const [key, value] of Object.entries(values) as [keyof ArtifactInput, string][]) {
      const field = this.field(FIELD_LABELS[key]);
      if (key === 'type') await field.selectOption(value);
      else await field.fill(value);
    }
  }

  /** A field shows its message beside it: marked invalid and described by the message. */
  async expectError(label: string, message: string): Promise<void> {
    const field = this.field(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }

  async expectNoError(label: string): Promise<void> {
    await expect(this.field(label)).toHaveAttribute('aria-invalid', 'false');
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }
}

export class AddArtifactPage extends ArtifactFormPage {
  constructor(page: Page) {
    super(page, 'Add Artifact', /^(Add Artifact|Adding Artifact\.\.\.)$/);
  }

  async goto(): Promise<void> {
    await this.page.goto('/add-artifact');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Add Artifact' })).toBeVisible(ARRIVAL);
    await expectLivePage(this.page, ARRIVAL);
  }

  get adderName(): Locator {
    return this.form.getByLabel('Adder Name');
  }

  get adderEmail(): Locator {
    return this.form.getByLabel('Adder Email');
  }
}

export class UpdateArtifactPage extends ArtifactFormPage {
  constructor(page: Page) {
    super(page, 'Update Artifact', /^(Update Artifact|Updating\.\.\.)$/);
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/update-artifact/${id}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Update Artifact' })).toBeVisible(ARRIVAL);
    await expectLivePage(this.page, ARRIVAL);
  }

  get notYours(): Locator {
    return this.page.getByRole('heading', { name: 'You can only update artifacts you added' });
  }
}

export class MyArtifactsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/my-artifacts');
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'My Artifacts Collection' })).toBeVisible(
      ARRIVAL,
    );
    await expect(this.page.getByText('Loading your artifacts...')).toHaveCount(0, ARRIVAL);
    await expectLivePage(this.page, ARRIVAL);
  }

  /** Loaded, listing `name`'s card and no other. */
  async expectOnly(name: string): Promise<void> {
    await this.expectLoaded();
    await expect(this.card(name)).toBeVisible();
    await expect(this.page.getByTestId('artifact-card')).toHaveCount(1);
  }

  card(name: string): Locator {
    return this.page
      .getByTestId('artifact-card')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  deleteButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: `Delete ${name}` });
  }

  updateLink(name: string): Locator {
    return this.card(name).getByRole('link', { name: `Update ${name}` });
  }

  /** The sweetalert2 dialog on screen. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  dialogButton(name: 'Cancel' | 'Yes, delete it!' | 'OK'): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  async expectConfirmFor(name: string): Promise<void> {
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog).toContainText('Are you sure?');
    await expect(this.dialog).toContainText(`Do you want to delete "${name}"? This action cannot be undone.`);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
