// A dialog or question of VS Code's over a panel (Export CSV…'s save dialog, Apply…'s modal) takes
// the keyboard's focus, and the element that had it is left unfocused: when the dialog closes and
// the panel gets the focus back, it lies on the page's body, and Tab would start again from the
// top. The element focused last gets it back then, as a native dialog gives it back.

/** Gives the focus back to the element that had it when the page gets it back with none. */
export function returnFocusAfterDialogs(): void {
  let last: HTMLElement | undefined;
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) last = event.target;
  });
  // Without scrolling: a click that brought the focus back (on the map, say) keeps the page where it is.
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body && last?.isConnected) last.focus({ preventScroll: true });
  });
}
