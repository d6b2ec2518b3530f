// Draws the usage charts (a website's Usage view, the websites list's summary) with uPlot, from the numbers each
// chart element carries in data-times (Unix seconds) and data-values: no inline script, no request of its own.
(function () {
  'use strict';
  if (!window.uPlot) {
    return;
  }
  function numbers(text) {
    return text ? text.split(',').map(Number) : [];
  }
  function bytes(n) {
    if (n >= 1e9) { return (n / 1e9).toFixed(1) + ' GB'; }
    if (n >= 1e6) { return (n / 1e6).toFixed(1) + ' MB'; }
    if (n >= 1e3) { return (n / 1e3).toFixed(1) + ' KB'; }
    return n + ' B';
  }
  function draw(el) {
    var isBytes = el.getAttribute('data-unit') === 'bytes';
    var format = isBytes ? bytes : function (n) { return n == null ? '' : String(Math.round(n)); };
    var width = function () { return Math.max(240, el.clientWidth); };
    var chart = new uPlot({
      width: width(),
      height: 200,
      scales: { x: { time: true } },
      // The page states its periods in UTC: so do the axis's dates and hours.
      tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'); },
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [{}, {
        label: isBytes ? 'Data sent' : 'Requests',
        stroke: '#2563eb',
        width: 2,
        fill: 'rgba(37, 99, 235, 0.12)',
        points: { show: false }
      }],
      axes: [{}, { size: 60, values: function (u, ticks) { return ticks.map(format); } }]
    }, [numbers(el.getAttribute('data-times')), numbers(el.getAttribute('data-values'))], el);
    window.addEventListener('resize', function () { chart.setSize({ width: width(), height: 200 }); });
  }
  document.querySelectorAll('.chart[data-times]').forEach(draw);
})();
