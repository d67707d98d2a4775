/*
 * The render node's dialog: the template and the sample message in code
 * editors, the built-in layouts as starting points, and the preview, drawn by
 * the runtime (POST device-cloud/render/preview) and shown at 1:1. The rows it
 * shares with the other dialogs come from part 2 (DeviceCloudEditor.prepare).
 */
(function () {
  'use strict';
  var editor = (window.DeviceCloudEditor = window.DeviceCloudEditor || {});

  var LAYOUTS_URL = 'device-cloud/render/layouts';
  var PREVIEW_URL = 'device-cloud/render/preview';
  /** The code editors of the open dialog. */
  var open = {};
  var previewUrl = null;

  function t(key, substitutions) {
    return editor.text('device-cloud-render.' + key, substitutions);
  }

  /** The language whose layout texts the dialog offers: Chinese for a Chinese editor, else English. */
  function layoutLanguage() {
    return /^zh/i.test(RED.i18n.lang() || '') ? 'zh-CN' : 'en-US';
  }

  function prepare() {
    editor.prepare.call(this);
    // A node saved before there was a choice keeps the rules it was drawn with, also once saved again here.
    if (this.layoutRules === undefined || this.layoutRules === '') $('#node-input-layoutRules').val('flex');
    open.template = RED.editor.createEditor({
      id: 'node-input-template-editor',
      mode: 'ace/mode/html',
      value: $('#node-input-template').val(),
    });
    open.sample = RED.editor.createEditor({
      id: 'node-input-sample-editor',
      mode: 'ace/mode/json',
      value: $('#node-input-sample').val(),
    });
    open.layouts = [];
    var select = $('#node-input-layout');
    $.ajax({ url: LAYOUTS_URL, dataType: 'json', cache: false })
      .done(function (layouts) {
        open.layouts = layouts;
        var language = layoutLanguage();
        layouts.forEach(function (layout) {
          select.append($('<option>').val(layout.id).text(layout.title[language]));
        });
      })
      .fail(function (xhr) {
        showProblem(t('preview.layoutsFailed', { error: answerOf(xhr) }));
      });
    $('#node-input-layout-use').on('click', useLayout);
    $('#node-input-preview-draw').on('click', drawPreview);
  }

  function useLayout() {
    var id = $('#node-input-layout').val();
    var layout = open.layouts.filter(function (candidate) {
      return candidate.id === id;
    })[0];
    if (!layout) return;
    var language = layoutLanguage();
    open.template.setValue(layout.template[language], -1);
    open.sample.setValue(JSON.stringify(layout.sample[language], null, 2), -1);
    drawPreview();
  }

  function drawPreview() {
    var message;
    try {
      message = open.sample.getValue().trim() === '' ? {} : JSON.parse(open.sample.getValue());
    } catch (error) {
      showProblem(t('preview.badSample', { error: error.message }));
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      showProblem(t('preview.badSample', { error: typeof message }));
      return;
    }
    $('#node-input-preview-result').text(t('preview.drawing'));
    var request = new XMLHttpRequest();
    request.open('POST', PREVIEW_URL);
    request.setRequestHeader('Content-Type', 'application/json');
    var token = RED.settings.get('auth-tokens');
    if (token && token.access_token) request.setRequestHeader('Authorization', 'Bearer ' + token.access_token);
    request.responseType = 'blob';
    request.onload = function () {
      if (request.status === 200) showPage(request.response);
      else problemOf(request.response);
    };
    request.onerror = function () {
      showProblem(t('preview.failed', { error: 'no answer' }));
    };
    request.send(
      JSON.stringify({
        template: open.template.getValue(),
        message: message,
        width: $('#node-input-width').val(),
        height: $('#node-input-height').val(),
        colors: $('#node-input-colors').val(),
        dither: $('#node-input-dither').val(),
        layoutRules: $('#node-input-layoutRules').val(),
      }),
    );
  }

  /** The page at 1:1: one pixel of the page on one CSS pixel, not scaled to the dialog. */
  function showPage(blob) {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = URL.createObjectURL(blob);
    var image = $('#node-input-preview');
    image.off('load').on('load', function () {
      image.css({ width: this.naturalWidth + 'px', height: this.naturalHeight + 'px' }).show();
      $('#node-input-preview-result').text(this.naturalWidth + ' x ' + this.naturalHeight);
    });
    image.attr('src', previewUrl);
  }

  function problemOf(blob) {
    blob.text().then(function (body) {
      var answer;
      try {
        answer = JSON.parse(body).error;
      } catch (notJson) {
        answer = body.slice(0, 200) || String(notJson);
      }
      showProblem(t('preview.failed', { error: answer }));
    });
  }

  function answerOf(xhr) {
    return (xhr.responseJSON && xhr.responseJSON.error) || xhr.statusText || String(xhr.status);
  }

  function showProblem(text) {
    $('#node-input-preview').hide();
    $('#node-input-preview-result').text(text);
  }

  function save() {
    $('#node-input-template').val(open.template.getValue());
    $('#node-input-sample').val(open.sample.getValue());
    close();
  }

  /**
   * Node-RED's monaco wrapper disposes the model while the editor still shows it, and monaco's pending
   * computations for it then throw "Model is disposed!": the editor lets go of its model first.
   */
  function destroyEditor(codeEditor) {
    if (typeof codeEditor.getModel === 'function' && typeof codeEditor.setModel === 'function') {
      var model = codeEditor.getModel();
      codeEditor.setModel(null);
      if (model && !model.isDisposed()) model.dispose();
    }
    codeEditor.destroy();
  }

  function close() {
    ['template', 'sample'].forEach(function (name) {
      if (open[name]) destroyEditor(open[name]);
      delete open[name];
    });
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = null;
  }

  function resize() {
    if (open.template) open.template.resize();
    if (open.sample) open.sample.resize();
  }

  editor.render = { prepare: prepare, save: save, cancel: close, resize: resize };
})();
