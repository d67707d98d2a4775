import type { Layout } from './layout';

/**
 * A card for guests: msg.payload is the Wi-Fi QR text (`WIFI:T:WPA;S:<name>;P:<password>;;`, with `\`
 * before any `;`, `,`, `:` or `\` in the name or password); msg.ssid and msg.password are shown beside it. The
 * title, the network and the password each stay on one line, shrinking to the card's width when long.
 */
function template(heading: string, network: string, password: string, scan: string): string {
  return `<div style="display:flex;flex-direction:row;align-items:center;width:100%;height:100%;padding:20px">
  <img src="qr:{{payload}}" width="200" height="200">
  <div style="display:flex;flex-direction:column;margin-left:16px;flex-grow:1;min-width:0">
    <span style="font-size:28px;font-weight:bold;white-space:nowrap" data-fit="shrink" data-min-size="14">${heading}</span>
    <span style="font-size:16px;margin-top:14px">${network}</span>
    <span style="font-size:22px;font-weight:bold;white-space:nowrap" data-fit="shrink" data-min-size="12">{{ssid}}</span>
    <span style="font-size:16px;margin-top:8px">${password}</span>
    <span style="font-size:22px;font-weight:bold;white-space:nowrap" data-fit="shrink" data-min-size="12">{{password}}</span>
    <span style="font-size:16px;margin-top:14px">${scan}</span>
  </div>
</div>`;
}

export const wifiCard: Layout = {
  id: 'wifi-card',
  title: { 'en-US': 'Guest Wi-Fi card', 'zh-CN': '访客 Wi-Fi 卡片' },
  template: {
    'en-US': template('Guest Wi-Fi', 'Network', 'Password', 'Scan to join'),
    'zh-CN': template('访客 Wi-Fi', '网络名称', '密码', '扫码即可连接'),
  },
  sample: {
    'en-US': { payload: 'WIFI:T:WPA;S:Cafe Guest;P:welcome-2026;;', ssid: 'Cafe Guest', password: 'welcome-2026' },
    'zh-CN': { payload: 'WIFI:T:WPA;S:咖啡馆访客;P:welcome-2026;;', ssid: '咖啡馆访客', password: 'welcome-2026' },
  },
};
