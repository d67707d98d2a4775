/*
 * The editor code every Device Cloud node shares, part 2 of 3: the rows of the
 * dialogs and their preparation.
 *
 * A node's template in nodes/device-cloud.html lists its rows as placeholders,
 *   <div data-row="select" data-field="priority" data-icon="exclamation" data-options=",normal,important"></div>
 * which become Node-RED's usual form rows when the node type is registered,
 * before any dialog opens. The texts come from the catalog by convention: the
 * node type's `label.<field>`, `placeholder.<field>`, `unit.<field>` and
 * `option.<field>.<value>` (`fromMessage` for the empty value), or the shared
 * `common.` ones where the node has none.
 *
 * Row kinds: account, name, device, todoId (the shared rows); text, number,
 * password, select, typed, checkbox; check (the account's "List devices").
 * Attributes: data-field, data-icon, data-options (select), data-types (typed:
 * the literal type, then msg, flow, global, env), data-min (number: a spinner),
 * data-all-devices and data-types (device), and on any row or element
 * data-hidden-when="<field>=<value>": hidden while that select has that value.
 */
(function () {
  'use strict';
  var editor = (window.DeviceCloudEditor = window.DeviceCloudEditor || {});

  /** The shared rows: a kind and its attributes. */
  var PRESETS = {
    account: { kind: 'text', field: 'account', icon: 'cloud' },
    name: { kind: 'text', field: 'name', icon: 'tag' },
    device: { kind: 'device', field: 'deviceId', icon: 'tablet' },
    todoId: { kind: 'typed', field: 'todoId', icon: 'hashtag', types: 'num' },
  };

  function escapeAttribute(value) {
    return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  }

  /** Builds the rows of one node type, whose element ids start with `prefix` (node-input or node-config-input). */
  function rowBuilder(type, prefix) {
    function key(kind, field) {
      return editor.keyFor(type, kind + '.' + field) || type + '.' + kind + '.' + field;
    }
    function optionalKey(kind, field) {
      return editor.keyFor(type, kind + '.' + field);
    }
    function id(field) {
      return prefix + '-' + field;
    }
    function labelFor(row) {
      return (
        '<label for="' +
        id(row.field) +
        '"><i class="fa fa-' +
        row.icon +
        '"></i> ' +
        '<span data-i18n="' +
        key('label', row.field) +
        '"></span></label>'
      );
    }
    function placeholder(field) {
      var placeholderKey = optionalKey('placeholder', field);
      return placeholderKey ? ' data-i18n="[placeholder]' + placeholderKey + '"' : '';
    }
    var inputs = {
      text: function (row) {
        return '<input type="text" id="' + id(row.field) + '"' + placeholder(row.field) + '>';
      },
      password: function (row) {
        return '<input type="password" id="' + id(row.field) + '">';
      },
      number: function (row) {
        var unit = optionalKey('unit', row.field);
        var min = row.min ? ' data-device-cloud-spinner="' + escapeAttribute(row.min) + '"' : '';
        return (
          '<input type="text" id="' +
          id(row.field) +
          '" style="width: 80px"' +
          min +
          '>' +
          (unit ? ' <span data-i18n="' + unit + '"></span>' : '')
        );
      },
      select: function (row) {
        var options = row.options.split(',').map(function (value) {
          var option = key('option', row.field + '.' + (value || 'fromMessage'));
          return '<option value="' + escapeAttribute(value) + '" data-i18n="' + option + '"></option>';
        });
        return '<select id="' + id(row.field) + '" style="width: 70%">' + options.join('') + '</select>';
      },
      typed: function (row) {
        return (
          '<input type="text" id="' +
          id(row.field) +
          '" style="width: 70%"' +
          placeholder(row.field) +
          ' data-device-cloud-typed="' +
          escapeAttribute(row.types || 'str') +
          '">' +
          '<input type="hidden" id="' +
          id(row.field + 'Type') +
          '">'
        );
      },
      device: function (row) {
        var picker = {
          allDevices: row.allDevices !== undefined,
          fromMessage: key('option', 'deviceId.fromMessage'),
          types: row.types ? row.types.split(',') : undefined,
        };
        return (
          '<input type="text" id="' +
          id('deviceId') +
          '" style="width: 70%"' +
          " data-device-cloud-picker='" +
          escapeAttribute(JSON.stringify(picker)).replace(/'/g, '&#39;') +
          "'>" +
          '<input type="hidden" id="' +
          id('deviceIdType') +
          '">'
        );
      },
    };

    return function build(row) {
      if (row.kind === 'checkbox') {
        return (
          '<label>&nbsp;</label>' +
          '<input type="checkbox" id="' +
          id(row.field) +
          '" style="display: inline-block; width: auto; vertical-align: top;">' +
          '<label for="' +
          id(row.field) +
          '" style="width: 70%;" data-i18n="' +
          key('label', row.field) +
          '"></label>'
        );
      }
      if (row.kind === 'check') {
        return (
          '<label for="' +
          id('check') +
          '"><i class="fa fa-stethoscope"></i> <span data-i18n="common.accountCheck.label"></span></label>' +
          '<button type="button" class="red-ui-button" id="' +
          id('check') +
          '" data-i18n="common.accountCheck.button"></button>' +
          '<div id="' +
          id('check-result') +
          '" style="margin: 6px 0 0 104px"></div>' +
          '<div class="form-tips" style="margin-top: 12px" data-i18n="common.accountCheck.tip"></div>'
        );
      }
      if (!inputs[row.kind]) throw new Error(type + ': unknown row kind "' + row.kind + '"');
      return labelFor(row) + inputs[row.kind](row);
    };
  }

  /** A placeholder's row: its preset, then its own data- attributes. */
  function rowOf(element) {
    var data = element.dataset;
    var row = $.extend({}, PRESETS[data.row] || { kind: data.row }, data);
    delete row.row;
    return row;
  }

  /** Replaces the row placeholders of a node type's template with the rows; a template without any stays as it is. */
  function expandTemplate(type) {
    var template = $('script[data-template-name="' + type + '"]');
    if (template.length === 0 || template.html().indexOf('data-row=') < 0) return;
    var definition = RED.nodes.getType(type);
    var build = rowBuilder(type, definition && definition.category === 'config' ? 'node-config-input' : 'node-input');
    var form = $('<div></div>').html(template.html());
    form.find('[data-row]').each(function () {
      var placeholder = $(this);
      var row = $('<div class="form-row"></div>').html(build(rowOf(this)));
      if (placeholder.attr('id')) row.attr('id', placeholder.attr('id'));
      if (placeholder.attr('data-hidden-when')) row.attr('data-hidden-when', placeholder.attr('data-hidden-when'));
      placeholder.replaceWith(row);
    });
    template.html(form.html());
  }

  // Node-RED adds a node set's templates to the page before it runs the set's
  // scripts, so a template is there when its type is registered.
  RED.events.on('registry:node-type-added', function (type) {
    if (type.indexOf('device-cloud-') === 0) expandTemplate(type);
  });

  /** Shows each element with data-hidden-when="<field>=<value>" only while that field has another value. */
  function followToggles(form, prefix) {
    form.find('[data-hidden-when]').each(function () {
      var element = $(this);
      var rule = element.attr('data-hidden-when').split('=');
      $('#' + prefix + '-' + rule[0])
        .on('change', function () {
          element.toggle($(this).val() !== rule[1]);
        })
        .trigger('change');
    });
  }

  /** The oneditprepare of every node: TypedInputs, the device picker, spinners, rows that depend on a choice. */
  function prepare() {
    var node = this;
    var prefix = node._def.category === 'config' ? 'node-config-input' : 'node-input';
    var form = $('#' + prefix + '-name').closest('form');
    form.find('[data-device-cloud-typed]').each(function () {
      var kind = $(this).attr('data-device-cloud-typed');
      $(this).typedInput({
        default: kind,
        typeField: '#' + this.id + 'Type',
        types: [kind].concat(editor.EVALUATED_TYPES),
      });
    });
    form.find('[data-device-cloud-picker]').each(function () {
      var picker = JSON.parse($(this).attr('data-device-cloud-picker'));
      editor.devicePicker(node, {
        allDevices: picker.allDevices,
        fromMessageLabel: editor.text(picker.fromMessage),
        evaluatedTypes: picker.types,
      });
    });
    form.find('[data-device-cloud-spinner]').each(function () {
      $(this).spinner({ min: Number($(this).attr('data-device-cloud-spinner')) });
    });
    if ($('#' + prefix + '-check').length) {
      editor.accountCheck(node.id, $('#' + prefix + '-check'), $('#' + prefix + '-check-result'));
    }
    followToggles(form, prefix);
  }

  $.extend(editor, { prepare: prepare, expandTemplate: expandTemplate });
})();
