/*
 * The editor code every Device Cloud node shares, part 1 of 3: the catalog's
 * texts, the node labels, the validators and the links between help pages.
 * nodes/device-cloud.html loads the three parts before the node definitions;
 * each part adds to window.DeviceCloudEditor and uses the others only when
 * called, so the order in which the browser runs them does not matter.
 */
(function () {
  'use strict';
  var editor = (window.DeviceCloudEditor = window.DeviceCloudEditor || {});

  var NAMESPACE = '@device-cloud/node-red-device-cloud/device-cloud';
  var ACCOUNT_TYPE = 'device-cloud-account';
  var EVALUATED_TYPES = ['msg', 'flow', 'global', 'env'];
  var MAC = /^[0-9a-f]{2}([:-]?)[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i;
  /** The device value of the nodes that act on every device of the account; the runtime takes it in lower case only. */
  var ALL_DEVICES = 'all';
  var ENV_REFERENCE = /^\$\{[^}]+\}$/;
  var MISSING = '\u0000';

  // --- the catalog -------------------------------------------------------------

  /** A text of the node set's catalog, e.g. text('common.label.account'). */
  function text(key, substitutions) {
    return RED._(NAMESPACE + ':' + key, substitutions);
  }

  /** Whether the catalog has a text for the key. */
  function has(key) {
    return RED._(NAMESPACE + ':' + key, { defaultValue: MISSING }) !== MISSING;
  }

  /** The node type's own text for `key` when its catalog has one, else the shared one: the key, for data-i18n. */
  function keyFor(type, key) {
    return has(type + '.' + key) ? type + '.' + key : has('common.' + key) ? 'common.' + key : null;
  }

  function isEmpty(value) {
    return value === undefined || value === null || value === '';
  }

  // --- labels ------------------------------------------------------------------
  // Node-RED calls these with the node (label, labelStyle, port labels) or the
  // definition (paletteLabel) as `this`; both know their type.

  function paletteLabel() {
    return text(this.type + '.paletteLabel');
  }

  function label() {
    return this.name || paletteLabel.call(this);
  }

  /** A label that names the node's setting when `<type>.nodeLabel.<field>.<its value>` is in the catalog. */
  function labelBy(field) {
    return function () {
      var key = this.type + '.nodeLabel.' + field + '.' + this[field];
      if (this.name || isEmpty(this[field]) || !has(key)) return label.call(this);
      return text(key);
    };
  }

  function labelStyle() {
    return this.name ? 'node_label_italic' : '';
  }

  function inputLabels() {
    return text(this.type + '.inputLabel');
  }

  function outputLabels() {
    return text(this.type + '.outputLabel');
  }

  // --- validators ----------------------------------------------------------------
  // Node-RED calls a validator with the node as `this`, the value and, from
  // Node-RED 3 on, an `opt` object: an error text may then be answered.

  function verdict(problem, opt) {
    if (problem === null) return true;
    return opt ? problem : false;
  }

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
      } else if (EVALUATED_TYPES.indexOf(type) < 0 && !ENV_REFERENCE.test(String(value))) {
        problem = check(String(value).trim());
      }
      return verdict(problem, opt);
    };
  }

  function macCheck(value) {
    return MAC.test(value) ? null : text('common.validation.mac');
  }

  function todoIdCheck(value) {
    return /^\d{1,15}$/.test(value) && Number(value) > 0 ? null : text('common.validation.todoId');
  }

  function rangeCheck(min, max) {
    return function (value) {
      var number = Number(value);
      return /^-?\d+$/.test(value) && number >= min && number <= max
        ? null
        : text('common.validation.range', { min: min, max: max });
    };
  }

  function lengthCheck(max) {
    return function (value) {
      return value.length <= max ? null : text('common.validation.length', { max: max });
    };
  }

  /** A validator for a select whose first choice, '', means "from the message". */
  function oneOf(values) {
    return function (value, opt) {
      var known = isEmpty(value) || values.indexOf(String(value)) >= 0;
      return verdict(known ? null : text('common.validation.oneOf', { values: values.join(', ') }), opt);
    };
  }

  /**
   * The device field: a MAC address (typed in or picked), a property to read it
   * from, or empty (from msg.deviceId). `options.allDevices`: "all" (exactly so)
   * is every device of the account. `options.types`: the property types offered,
   * when not msg, flow, global and env.
   */
  function deviceId(options) {
    options = options || {};
    var typed = typedValidator('deviceIdType', macCheck);
    var types = options.types || EVALUATED_TYPES;
    return function (value, opt) {
      if (options.allDevices && value === ALL_DEVICES) return true;
      var type = $('#node-input-deviceIdType').val() || this.deviceIdType;
      if (EVALUATED_TYPES.indexOf(type) >= 0 && types.indexOf(type) < 0) return false;
      return typed.call(this, value, opt);
    };
  }

  /** A whole number typed in the dialog, or empty; with `typeField`, a TypedInput that may read it from a property. */
  function wholeNumber(min, max, typeField) {
    if (typeField) return typedValidator(typeField, rangeCheck(min, max));
    var check = rangeCheck(min, max);
    return function (value, opt) {
      var given = isEmpty(value) ? '' : String(value).trim();
      if (given === '' || ENV_REFERENCE.test(given)) return true;
      return verdict(check(given), opt);
    };
  }

  /** A number of at least `min`, required. */
  function atLeast(min) {
    return function (value, opt) {
      var number = Number(value);
      var fine = !isEmpty(value) && isFinite(number) && number >= min;
      return verdict(fine ? null : text('common.validation.atLeast', { min: min }), opt);
    };
  }

  /**
   * The account's address, and its key: an account the editor knows to have no
   * key (imported, or never given one) is not valid, so its nodes show a red
   * triangle before a deploy rather than failing at run time. Within the
   * account's dialog the key field speaks for itself.
   */
  function baseUrl(value, opt) {
    if (!/^https?:\/\/[^\s/]+/i.test(String(value))) return verdict(text('common.validation.baseUrl'), opt);
    var dialogOpen = $('#node-config-input-apiKey').length > 0;
    return verdict(!dialogOpen && editor.keyState(this) === 'missing' ? text('common.validation.apiKey') : null, opt);
  }

  // --- links between help pages ------------------------------------------------------
  // The shared policy (where a value comes from, several devices, errors, ...)
  // is written once, in the account's help; the other helps link to its
  // sections: <a href="#" data-device-cloud-help="several-devices">.

  function showAccountHelp(section) {
    RED.sidebar.help.show(ACCOUNT_TYPE);
    var heading = $('.red-ui-sidebar-help-stack h3[data-device-cloud-section="' + section + '"]').first();
    if (heading.length) heading[0].scrollIntoView({ block: 'start' });
  }

  $(document).on('click', 'a[data-device-cloud-help]', function (event) {
    event.preventDefault();
    showAccountHelp($(this).attr('data-device-cloud-help'));
  });

  $.extend(editor, {
    NAMESPACE: NAMESPACE,
    ACCOUNT_TYPE: ACCOUNT_TYPE,
    ALL_DEVICES: ALL_DEVICES,
    EVALUATED_TYPES: EVALUATED_TYPES,
    text: text,
    has: has,
    keyFor: keyFor,
    isEmpty: isEmpty,
    paletteLabel: paletteLabel,
    label: label,
    labelBy: labelBy,
    labelStyle: labelStyle,
    inputLabels: inputLabels,
    outputLabels: outputLabels,
    showAccountHelp: showAccountHelp,
    validators: {
      baseUrl: baseUrl,
      deviceId: deviceId,
      todoId: function () {
        return typedValidator('todoIdType', todoIdCheck);
      },
      wholeNumber: wholeNumber,
      atLeast: atLeast,
      /** A TypedInput text, of at most `max` characters when the service sets a limit. */
      text: function (typeField, max) {
        return typedValidator(
          typeField,
          max === undefined
            ? function () {
                return null;
              }
            : lengthCheck(max),
        );
      },
      oneOf: oneOf,
    },
  });
})();
