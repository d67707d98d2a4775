/*
 * Editor code shared by every Device Cloud node: validators, TypedInput
 * set-up and the device picker. Each node's html loads this file; Node-RED
 * loads it once per node set, so it defines itself only the first time.
 */
(function () {
  'use strict';
  if (window.DeviceCloudEditor) return;

  var CATALOG_NAMESPACE = '@device-cloud/node-red-device-cloud/device-cloud';
  var DEVICE_TYPE = 'device';
  var EVALUATED_TYPES = ['msg', 'flow', 'global', 'env'];
  var MAC = /^[0-9a-f]{2}([:-]?)[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i;
  /** The device value of the nodes that act on every device of the account; the runtime takes it in lower case only. */
  var ALL_DEVICES = 'all';
  var ENV_REFERENCE = /^\$\{[^}]+\}$/;
  var NO_ACCOUNT = ['', '_ADD_'];

  /** A text of the shared catalog (the account node's `common.*`). */
  function commonText(key, substitutions) {
    return RED._(CATALOG_NAMESPACE + ':common.' + key, substitutions);
  }

  function isEmpty(value) {
    return value === undefined || value === null || value === '';
  }

  // --- validators ----------------------------------------------------------

  /**
   * A validator for a TypedInput value: empty is fine (the value then comes
   * from the message); a msg/flow/global property must be a valid expression;
   * a typed-in value must pass `check`, which returns an error text or null.
   */
  function typedValidator(typeField, check) {
    return function (value, opt) {
      if (isEmpty(value)) return true;
      var type = $('#node-input-' + typeField).val() || this[typeField];
      var problem = null;
      if (type === 'msg' || type === 'flow' || type === 'global') {
        var result = RED.utils.validateTypedProperty(value, type, opt);
        problem = result === true ? null : result;
      } else if (EVALUATED_TYPES.indexOf(type) < 0 && !ENV_REFERENCE.test(String(value)) && check) {
        problem = check(String(value).trim());
      }
      if (problem === null) return true;
      return opt ? problem : false;
    };
  }

  function macCheck(value) {
    return MAC.test(value) ? null : commonText('validation.mac');
  }

  function todoIdCheck(value) {
    return /^\d{1,15}$/.test(value) && Number(value) > 0 ? null : commonText('validation.todoId');
  }

  function rangeCheck(min, max) {
    return function (value) {
      var number = Number(value);
      var whole = /^-?\d+$/.test(value);
      return whole && number >= min && number <= max ? null : commonText('validation.range', { min: min, max: max });
    };
  }

  function lengthCheck(max) {
    return function (value) {
      return value.length <= max ? null : commonText('validation.length', { max: max });
    };
  }

  /** A validator for a select whose first choice, '', means "from the message". */
  function oneOf(values) {
    return function (value, opt) {
      if (isEmpty(value) || values.indexOf(String(value)) >= 0) return true;
      return opt ? commonText('validation.oneOf', { values: values.join(', ') }) : false;
    };
  }

  var validators = {
    deviceId: function (typeField) {
      return typedValidator(typeField || 'deviceIdType', macCheck);
    },
    /** For the nodes that can act on every device: a MAC address, or exactly "all" (no spaces, lower case). */
    deviceIdOrAll: function (typeField) {
      var deviceIdValidator = typedValidator(typeField || 'deviceIdType', macCheck);
      return function (value, opt) {
        return value === ALL_DEVICES || deviceIdValidator.call(this, value, opt);
      };
    },
    todoId: function (typeField) {
      return typedValidator(typeField || 'todoIdType', todoIdCheck);
    },
    integerRange: function (typeField, min, max) {
      return typedValidator(typeField, rangeCheck(min, max));
    },
    text: function (typeField, max) {
      return typedValidator(typeField, lengthCheck(max));
    },
    oneOf: oneOf,
    pageId: oneOf(['1', '2', '3', '4', '5']),
  };

  // --- TypedInput ------------------------------------------------------------

  /**
   * A TypedInput for a value typed in the dialog (`kind`: 'str' or 'num') or
   * read from a msg, flow, global or env property, keeping its type in
   * `<field>Type`. The input's placeholder says where an empty value comes from.
   */
  function typedValue(field, kind) {
    $('#node-input-' + field).typedInput({
      default: kind,
      typeField: '#node-input-' + field + 'Type',
      types: [kind].concat(EVALUATED_TYPES),
    });
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
    if (xhr.status === 404) return commonText('devicePicker.notDeployed');
    if (xhr.status === 502 && body.error) return commonText('devicePicker.failed', { error: body.error });
    var reason = body.error || body.message || xhr.statusText || String(xhr.status);
    return commonText('devicePicker.unreachable', { error: reason });
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
      options.push({ value: ALL_DEVICES, label: commonText('devicePicker.allDevices') });
      listed[ALL_DEVICES] = true;
    }
    devices.forEach(function (device) {
      if (typeof device.deviceId !== 'string' || listed[device.deviceId]) return;
      listed[device.deviceId] = true;
      options.push({ value: device.deviceId, label: deviceLabel(device) });
    });
    if (!isEmpty(kept) && !listed[kept]) {
      options.push({ value: kept, label: commonText('devicePicker.notListed', { deviceId: kept }) });
    }
    return options;
  }

  /** Shows an icon and a text in an element, as text (a service message is never taken as HTML). */
  function noteIn($element) {
    return function show(icon, text) {
      $element.empty();
      $('<i></i>')
        .addClass('fa ' + icon)
        .appendTo($element);
      $element.append(document.createTextNode(' ' + text));
    };
  }

  function refreshButton(onClick) {
    return $(
      '<button type="button" class="red-ui-button red-ui-button-small" style="margin-left: 8px; flex: none"></button>',
    )
      .attr('title', commonText('devicePicker.refresh'))
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
   * @param options.field the config property (default 'deviceId')
   * @param options.fromMessageLabel the text of the "from the message" choice
   * @param options.evaluatedTypes the property types offered (default msg, flow, global, env)
   * @param options.allDevices offer "every device of the account" (value "all"), for the nodes that fan out
   */
  function devicePicker(node, options) {
    options = options || {};
    var field = options.field || 'deviceId';
    var fromMessageLabel = options.fromMessageLabel || commonText('devicePicker.fromMessage');
    var $input = $('#node-input-' + field);
    var $account = $('#node-input-account');
    var savedType = node[field + 'Type'];
    var kept = savedType === DEVICE_TYPE || isEmpty(savedType) ? node[field] : '';
    var devices = [];
    var request = 0;
    var loadedFor;

    var deviceType = {
      value: DEVICE_TYPE,
      label: commonText('devicePicker.type'),
      icon: 'fa fa-tablet',
      hasValue: false,
      options: function () {
        return deviceOptions(devices, kept, fromMessageLabel, options.allDevices === true);
      },
    };
    var types = [deviceType, 'str'].concat(options.evaluatedTypes || EVALUATED_TYPES);
    $input.typedInput({ default: DEVICE_TYPE, typeField: '#node-input-' + field + 'Type', types: types });

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
        show([], 'fa-info-circle', commonText('devicePicker.noAccount'));
        return;
      }
      note('fa-spinner fa-spin', commonText('devicePicker.loading'));
      fetchDevices(accountId)
        .done(function (list) {
          if (mine !== request) return;
          var text =
            list.length === 0
              ? commonText('devicePicker.none')
              : commonText('devicePicker.count', { count: list.length });
          show(list, 'fa-check', text);
        })
        .fail(function (text) {
          if (mine !== request) return;
          show([], 'fa-exclamation-triangle', text);
        });
    }

    function show(list, icon, text) {
      devices = list;
      note(icon, text);
      // Rebuilds the choices; the value stays when it is still among them.
      $input.typedInput('types', types);
    }

    $account.on('change', function () {
      load();
    });
    load();
  }

  /**
   * The account dialog's check: lists the deployed account's devices, which
   * tells whether its address and key work.
   */
  function accountCheck(accountId, $button, $result) {
    var note = noteIn($result);
    $button.on('click', function (event) {
      event.preventDefault();
      note('fa-spinner fa-spin', commonText('devicePicker.loading'));
      fetchDevices(accountId)
        .done(function (list) {
          var names = list.map(deviceLabel).join(', ');
          note('fa-check', commonText('accountCheck.ok', { count: list.length, devices: names || '-' }));
        })
        .fail(function (text) {
          note('fa-exclamation-triangle', text);
        });
    });
  }

  window.DeviceCloudEditor = {
    commonText: commonText,
    validators: validators,
    typedValue: typedValue,
    devicePicker: devicePicker,
    fetchDevices: fetchDevices,
    accountCheck: accountCheck,
  };
})();
