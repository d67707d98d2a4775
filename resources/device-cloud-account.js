/*
 * The editor code every Device Cloud node shares, part 3 of 3: what the
 * editor asks Node-RED about an account. Its devices, for the device picker
 * and the account dialog's check (through the package's admin endpoint, which
 * calls the service with the deployed account's key: the key never reaches
 * the browser), and whether it has a key at all (Node-RED's credentials
 * endpoint answers has_apiKey).
 */
(function () {
  'use strict';
  var editor = (window.DeviceCloudEditor = window.DeviceCloudEditor || {});

  var DEVICE_TYPE = 'device';
  var NO_ACCOUNT = ['', '_ADD_'];

  function text(key, substitutions) {
    return editor.text('common.' + key, substitutions);
  }

  // --- the account's devices ---------------------------------------------------

  /**
   * The devices of a deployed account from the admin endpoint; fails with a
   * text for the dialog: not deployed (404), the service's error (502), or
   * Node-RED not reachable.
   */
  function fetchDevices(accountId) {
    var answer = $.Deferred();
    $.ajax({
      url: 'device-cloud/accounts/' + encodeURIComponent(accountId) + '/devices',
      dataType: 'json',
      cache: false,
    })
      .done(function (devices) {
        answer.resolve(Array.isArray(devices) ? devices : []);
      })
      .fail(function (xhr) {
        answer.reject(failureText(xhr));
      });
    return answer.promise();
  }

  function failureText(xhr) {
    var body = xhr.responseJSON || {};
    if (xhr.status === 404) return text('devicePicker.notDeployed');
    if (xhr.status === 502 && body.error) return text('devicePicker.failed', { error: body.error });
    var reason = body.error || body.message || xhr.statusText || String(xhr.status);
    return text('devicePicker.unreachable', { error: reason });
  }

  function deviceLabel(device) {
    return device.alias ? device.alias + ' (' + device.deviceId + ')' : device.deviceId;
  }

  /**
   * The picker's choices: "from msg", "every device" where the node offers it,
   * the account's devices, and a kept value that is not among them.
   */
  function deviceOptions(devices, kept, fromMessageLabel, allDevices) {
    var options = [{ value: '', label: fromMessageLabel }];
    var listed = {};
    if (allDevices) {
      options.push({ value: editor.ALL_DEVICES, label: text('option.deviceId.all') });
      listed[editor.ALL_DEVICES] = true;
    }
    devices.forEach(function (device) {
      if (typeof device.deviceId !== 'string' || listed[device.deviceId]) return;
      listed[device.deviceId] = true;
      options.push({ value: device.deviceId, label: deviceLabel(device) });
    });
    if (!editor.isEmpty(kept) && !listed[kept]) {
      options.push({ value: kept, label: text('devicePicker.notListed', { deviceId: kept }) });
    }
    return options;
  }

  /** Shows an icon and a text in an element, as text (a service message is never taken as HTML). */
  function noteIn($element) {
    return function show(icon, message) {
      $element.empty();
      $('<i></i>')
        .addClass('fa ' + icon)
        .appendTo($element);
      $element.append(document.createTextNode(' ' + message));
    };
  }

  function refreshButton(onClick) {
    return $(
      '<button type="button" class="red-ui-button red-ui-button-small" style="margin-left: 8px; flex: none"></button>',
    )
      .attr('title', text('devicePicker.refresh'))
      .append('<i class="fa fa-refresh"></i>')
      .on('click', function (event) {
        event.preventDefault();
        onClick();
      });
  }

  /**
   * The device field of a node: a TypedInput whose first type lists the
   * selected account's devices (alias and MAC), next to a typed-in MAC and
   * msg/flow/global/env properties. The runtime takes the `device` type as a
   * literal value. A note under the field tells when the list cannot be had.
   *
   * @param node the node being edited (its saved value stays selectable)
   * @param options.fromMessageLabel the text of the "from the message" choice
   * @param options.evaluatedTypes the property types offered (default msg, flow, global, env)
   * @param options.allDevices offer "every device of the account" (value "all"), for the nodes that fan out
   */
  function devicePicker(node, options) {
    var $input = $('#node-input-deviceId');
    var $account = $('#node-input-account');
    var savedType = node.deviceIdType;
    var kept = savedType === DEVICE_TYPE || editor.isEmpty(savedType) ? node.deviceId : '';
    var devices = [];
    var request = 0;
    var loadedFor;

    var deviceType = {
      value: DEVICE_TYPE,
      label: text('devicePicker.type'),
      icon: 'fa fa-tablet',
      hasValue: false,
      options: function () {
        return deviceOptions(devices, kept, options.fromMessageLabel, options.allDevices === true);
      },
    };
    var types = [deviceType, 'str'].concat(options.evaluatedTypes || editor.EVALUATED_TYPES);
    $input.typedInput({ default: DEVICE_TYPE, typeField: '#node-input-deviceIdType', types: types });

    var $note = $('<span class="device-cloud-device-note"></span>').css({
      flex: '1 1 auto',
      color: 'var(--red-ui-secondary-text-color)',
      fontSize: '0.9em',
    });
    $('<div class="form-row"></div>')
      .css({
        display: 'flex',
        alignItems: 'flex-start',
        marginLeft: '104px',
        width: 'calc(70% + 4px)',
        marginTop: '-6px',
      })
      .append(
        $note,
        refreshButton(function () {
          load(true);
        }),
      )
      .insertAfter($input.closest('.form-row'));
    var note = noteIn($note);

    /** Asks once per account chosen (the config select reports a change more than once); `again` asks anyway. */
    function load(again) {
      var accountId = $account.val();
      if (accountId === loadedFor && again !== true) return;
      loadedFor = accountId;
      var mine = ++request;
      if (NO_ACCOUNT.indexOf(accountId || '') >= 0) {
        show([], 'fa-info-circle', text('devicePicker.noAccount'));
        return;
      }
      note('fa-spinner fa-spin', text('devicePicker.loading'));
      fetchDevices(accountId)
        .done(function (list) {
          if (mine !== request) return;
          var count =
            list.length === 0 ? text('devicePicker.none') : text('devicePicker.count', { count: list.length });
          show(list, 'fa-check', count);
        })
        .fail(function (failure) {
          if (mine === request) show([], 'fa-exclamation-triangle', failure);
        });
    }

    function show(list, icon, message) {
      devices = list;
      note(icon, message);
      // Rebuilds the choices; the value stays when it is still among them.
      $input.typedInput('types', types);
    }

    $account.on('change', function () {
      load();
    });
    load();
  }

  /** The account dialog's check: lists the deployed account's devices, which tells whether its address and key work. */
  function accountCheck(accountId, $button, $result) {
    var note = noteIn($result);
    $button.on('click', function (event) {
      event.preventDefault();
      note('fa-spinner fa-spin', text('devicePicker.loading'));
      fetchDevices(accountId)
        .done(function (list) {
          var names = list.map(deviceLabel).join(', ');
          note('fa-check', text('accountCheck.ok', { count: list.length, devices: names || '-' }));
        })
        .fail(function (failure) {
          note('fa-exclamation-triangle', failure);
        });
    });
  }

  // --- the account's key -----------------------------------------------------------

  /**
   * 'present', 'missing' or 'unknown' (not asked yet, or not allowed to ask):
   * what the editor knows of an account's key, from the credentials it holds
   * once the dialog was opened or the runtime was asked.
   */
  function keyState(account) {
    var credentials = account.credentials;
    if (!credentials) return 'unknown';
    return credentials.has_apiKey === true || !editor.isEmpty(credentials.apiKey) ? 'present' : 'missing';
  }

  var asking = {};

  /**
   * Asks Node-RED whether an account has a key (an imported account it does
   * not know has none), keeps the answer as the editor keeps it when the
   * dialog opens, and validates the account and its nodes again.
   */
  function learnKeyState(account) {
    if (account.type !== editor.ACCOUNT_TYPE || account.credentials || asking[account.id]) return;
    asking[account.id] = true;
    $.ajax({ url: 'credentials/' + editor.ACCOUNT_TYPE + '/' + account.id, dataType: 'json', cache: false })
      .done(function (credentials) {
        var current = RED.nodes.node(account.id);
        if (current !== account || account.credentials) return;
        account.credentials = $.extend({}, credentials, { _: $.extend({}, credentials) });
        RED.editor.validateNode(account);
        (account.users || []).forEach(function (user) {
          RED.editor.validateNode(user);
        });
        RED.view.redraw(true);
      })
      .always(function () {
        delete asking[account.id];
      });
  }

  RED.events.on('flows:loaded', function () {
    RED.nodes.eachConfig(learnKeyState);
  });
  RED.events.on('nodes:add', function (node) {
    // Added while a flow is loaded, or imported: asked once the editor has placed it.
    if (node.type === editor.ACCOUNT_TYPE) setTimeout(learnKeyState, 0, node);
  });

  $.extend(editor, {
    devicePicker: devicePicker,
    fetchDevices: fetchDevices,
    accountCheck: accountCheck,
    keyState: keyState,
  });
})();
