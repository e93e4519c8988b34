/* The console's own script (CSP: no inline script): buttons with data-copy copy the text of the element they name. */
document.addEventListener('click', function (event) {
    var button = event.target.closest ? event.target.closest('[data-copy]') : null;
    if (!button) {
        return;
    }
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source) {
        return;
    }
    var text = source.textContent.trim();
    var label = button.querySelector('.ui-button-text') || button;
    var done = function () { label.textContent = 'Copied'; };
    if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { selectAndCopy(source); done(); });
    } else {
        selectAndCopy(source);
        done();
    }
});

function selectAndCopy(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    try {
        document.execCommand('copy');
    } catch (ignored) {
        // the text stays selected: the user copies it by hand
    }
}
