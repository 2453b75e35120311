// A numeric field with an inline message: the reader's text is only accepted when it parses and the
// core accepts it; otherwise the message says why and the ledger stays as it was.
import { h, uid } from '../../lib/dom.js';
import { followTyping, isTyping, showNumber } from '../../lib/number-field.js';

/** A value as the field shows it: the page's reading of numbers, grouped (the kit's number field). */
const formatInput = (x) => showNumber(x, 6);

export function numberField({ label, value, onCommit, part, hideLabel = false }) {
  const id = uid('la-ledger-field');
  const msgId = `${id}-msg`;
  const input = h('input', {
    type: 'text',
    id,
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    class: 'lg-input',
    value: formatInput(value),
    'aria-describedby': msgId,
    'data-part': part,
  });
  const msg = h('span', { id: msgId, class: 'lg-field-msg la-field-msg', 'data-part': part ? `${part}-msg` : null });
  const field = { input, msg, label, part, committed: input.value };
  field.setError = (text) => {
    msg.textContent = text ?? '';
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  field.setValue = (x) => {
    const text = formatInput(x);
    field.committed = text;
    if (!isTyping(input) && input.getAttribute('aria-invalid') !== 'true' && input.value !== text) input.value = text;
  };
  // A field whose row was rebuilt away (its association removed, d changed) is retired: Chromium
  // still fires its change event while the focus leaves it, and its index may by then name another
  // association. Text not yet committed there is dropped.
  field.retired = false;
  field.retire = () => {
    field.retired = true;
  };
  followTyping(input);
  input.addEventListener('change', () => {
    if (!field.retired) onCommit(input.value, field);
  });
  field.el = h(
    'span',
    { class: 'lg-field' },
    h('label', { for: id, class: hideLabel ? 'lg-sr fig-heard' : 'lg-field-label' }, label),
    input,
    msg,
  );
  return field;
}
