/** A question the editor asks before it does something that loses work: Node-RED's modal notification. */

/** Asks `question`; `then` runs once the user chooses `yes`, nothing runs on Cancel. */
export function confirm(question: string, yes: string, then: () => void): void {
  const dialog = RED.notify($('<p></p>').text(question), {
    modal: true,
    fixed: true,
    type: 'warning',
    buttons: [
      { text: RED._('common.label.cancel'), click: () => dialog.close() },
      {
        text: yes,
        class: 'primary',
        click: () => {
          dialog.close();
          then();
        },
      },
    ],
  });
}
