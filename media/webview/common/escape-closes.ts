// Escape closes the disclosure the keyboard is in (a <details>, a vscode-collapsible such as the
// cost panel's payload) and gives the focus back to its summary, so what a person opened from the
// keyboard closes the same way. It listens in the capture phase and marks the key handled, so a
// page's own Escape (the cost panel's Cancel) acts only when no disclosure took it.

/** The open disclosure around the focused element, if any. */
function openDisclosure(): HTMLElement | undefined {
  const active = document.activeElement;
  return active?.closest<HTMLElement>('details[open], vscode-collapsible[open]') ?? undefined;
}

export function closeDisclosuresOnEscape(): void {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const open = openDisclosure();
      if (!open) return;
      event.preventDefault();
      event.stopPropagation();
      (open as HTMLElement & { open: boolean }).open = false;
      // A collapsible's header (its summary) is inside its shadow root.
      const summary =
        open instanceof HTMLDetailsElement
          ? open.querySelector('summary')
          : open.shadowRoot?.querySelector<HTMLElement>('[tabindex]');
      summary?.focus();
    },
    true,
  );
}
