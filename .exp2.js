const fs=require('fs');const {performance}=require('perf_hooks');
const fmt=process.argv[2];
const t0=performance.now();
const takumi=require('@takumi-rs/core');const t1=performance.now();
const r=new takumi.Renderer({cacheMaxBytes:0});
(async()=>{
await r.registerFont({name:'Noto Sans',data:fs.readFileSync('dist/fonts/NotoSans-Regular.ttf'),weight:400,style:'normal'});
const node={type:'container',style:{width:'400px',height:'300px',fontFamily:'"Noto Sans", "TC"',fontSize:'24px',backgroundColor:'white'},children:[{type:'text',text:'Hello world 21.4'}]};
let t=performance.now();await r.render(node,{width:400,height:300,format:'raw'});console.log('latin first render',(performance.now()-t).toFixed(1));
const rss0=process.memoryUsage.rss();
t=performance.now();const data=fs.readFileSync('/tmp/tc.'+fmt);const tr=performance.now();
await r.registerFont({name:'TC',data,weight:400,style:'normal'});const treg=performance.now();
node.children[0].text='臺灣體育館 天氣 溫度';
await r.render(node,{width:400,height:300,format:'raw'});const tdone=performance.now();
console.log(fmt,'read',(tr-t).toFixed(1),'register',(treg-tr).toFixed(1),'render',(tdone-treg).toFixed(1),'rss +',((process.memoryUsage.rss()-rss0)/1e6).toFixed(1),'MB');
t=performance.now();await r.render(node,{width:400,height:300,format:'raw'});console.log('second',(performance.now()-t).toFixed(1));
})();
