import { Play, Smartphone } from 'lucide-react';

const CHANNEL_COLOURS = ['bg-sky-400', 'bg-rose-400', 'bg-amber-400', 'bg-emerald-400', 'bg-violet-400'];

/**
 * A drawing of the player on a TV and a phone, built from boxes (no image to download). Purely
 * decorative: hidden from assistive technology.
 */
export function DeviceShowcase() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl" dir="ltr">
      <div className="absolute -inset-6 rounded-[2.5rem] bg-gradient-to-tr from-fuchsia-500/30 via-violet-500/20 to-sky-400/30 blur-2xl" />
      <div className="relative rounded-2xl border border-white/15 bg-slate-900 p-2 shadow-2xl shadow-black/40">
        <div className="grid aspect-video grid-cols-[30%_1fr] gap-2 overflow-hidden rounded-xl bg-slate-950 p-2">
          <div className="flex flex-col gap-1.5">
            {CHANNEL_COLOURS.map((colour, index) => (
              <div
                key={colour}
                className={`flex items-center gap-1.5 rounded-md p-1.5 ${index === 1 ? 'bg-white/15' : 'bg-white/5'}`}
              >
                <span className={`size-3 shrink-0 rounded ${colour}`} />
                <span className="h-1.5 flex-1 rounded-full bg-white/25" />
              </div>
            ))}
          </div>
          <div className="flex flex-col gap-2">
            <div className="relative flex-1 overflow-hidden rounded-lg bg-gradient-to-br from-indigo-500 via-violet-600 to-fuchsia-500">
              <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_30%,rgba(255,255,255,0.35),transparent_55%)]" />
              <span className="absolute start-1/2 top-1/2 grid size-10 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-violet-700 shadow-lg">
                <Play className="size-5 fill-current" />
              </span>
              <span className="absolute bottom-2 start-2 rounded bg-black/40 px-1.5 py-0.5 text-[10px] font-bold text-white">
                4K
              </span>
            </div>
            <div className="grid grid-cols-3 gap-1.5">
              <span className="h-2 rounded-full bg-white/30" />
              <span className="h-2 rounded-full bg-white/15" />
              <span className="h-2 rounded-full bg-white/15" />
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto h-4 w-24 rounded-b-xl bg-slate-800" />
      <div className="absolute -bottom-8 -start-4 w-24 rounded-2xl border border-white/15 bg-slate-900 p-1.5 shadow-xl shadow-black/40 sm:w-28">
        <div className="flex aspect-[9/16] flex-col gap-1 rounded-xl bg-slate-950 p-1.5">
          <div className="h-10 rounded-md bg-gradient-to-br from-sky-400 to-indigo-500" />
          {CHANNEL_COLOURS.slice(0, 4).map((colour) => (
            <div key={colour} className="flex items-center gap-1 rounded bg-white/5 p-1">
              <span className={`size-2 rounded-sm ${colour}`} />
              <span className="h-1 flex-1 rounded-full bg-white/25" />
            </div>
          ))}
          <Smartphone className="mx-auto mt-auto size-3 text-white/40" />
        </div>
      </div>
    </div>
  );
}
