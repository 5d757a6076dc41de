/**
 * An invisible submit button, so pressing Enter in any field submits a form whose visible
 * submit button lives outside it (a Modal's OK button).
 */
export function EnterSubmit() {
  return (
    <button
      type="submit"
      tabIndex={-1}
      aria-hidden="true"
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        border: 0,
      }}
    />
  );
}
