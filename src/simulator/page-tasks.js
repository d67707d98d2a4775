// The simulator's page (page.html, which the simulator serves with this script in it): its CalDAV task lists, as
// another CalDAV client of the user (a phone) shows them. A person ticks a task off, reopens, renames or deletes it
// here, and the simulator writes the task as such a client does, so that the next sync finds it changed. page.html
// calls SimTasks.cards(taskLists, el, button) with its own builders of elements and buttons.
'use strict';
// eslint-disable-next-line no-unused-vars -- page.html's script uses it
var SimTasks = (function () {
  var STATES = { 'NEEDS-ACTION': 'to do', 'IN-PROCESS': 'in progress', COMPLETED: 'done', CANCELLED: 'cancelled' };

  // A change a person makes on the phone: the simulator writes it into the task.
  function onPhone(method, list, task, action, body) {
    var path = 'sim/tasks/' + encodeURIComponent(list.name) + '/' + encodeURIComponent(task.name);
    return fetch(path + (action ? '/' + action : ''), {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  function taskItem(list, task, el, button) {
    var actions = el('span', 'todo-actions', [
      task.completed
        ? button('Reopen', function () {
            onPhone('POST', list, task, 'reopen');
          })
        : button('Tick off', function () {
            onPhone('POST', list, task, 'complete');
          }),
      button('Rename', function () {
        var summary = window.prompt('Summary of the task', task.summary);
        if (summary !== null && summary.trim() !== '') onPhone('PUT', list, task, '', { summary: summary });
      }),
      button('Delete', function () {
        onPhone('DELETE', list, task, '');
      }),
    ]);
    var extra = [
      task.due && 'due ' + task.due,
      task.repeats && 'repeats ' + task.repeats,
      STATES[task.status] || task.status,
    ]
      .filter(Boolean)
      .join(' · ');
    var title = el('span', 'todo-title', [task.summary || '(no summary)']);
    var item = el('li', task.completed ? 'done' : '', [title, actions, el('div', 'todo-extra', [extra])]);
    item.dataset.task = task.name;
    return item;
  }

  function card(list, el, button) {
    var items = list.tasks.length
      ? list.tasks.map(function (task) {
          return taskItem(list, task, el, button);
        })
      : [el('li', 'none', ['none'])];
    var section = el('section', 'card tasks', [
      el('h2', '', ['Task list (CalDAV): ' + list.displayName]),
      el('div', 'meta', [
        el('span', '', ['Address for the CalDAV node: ']),
        el('code', 'address', [location.origin + list.path]),
      ]),
      el('p', 'stand-in', [
        'A stand-in for your own CalDAV server: it takes any user name and password, or none. ' +
          'Tick off, rename or delete a task here, as on a phone; the next sync brings the change to the display.',
      ]),
      el('ul', '', items),
    ]);
    section.dataset.taskList = list.name;
    return section;
  }

  return {
    cards: function (lists, el, button) {
      return (lists || []).map(function (list) {
        return card(list, el, button);
      });
    },
  };
})();
