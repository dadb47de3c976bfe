/** What a control's aria-describedby points at, as one text (a screen reader reads it after the control's name). */
export function descriptionOf(control: Element): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ');
}
