/**
 * One market's prices over time with uPlot: a stepped line per outcome, suspensions shaded behind
 * the lines, override events as marked verticals. Dragging across the chart picks a range (the
 * screen reloads it at full resolution); while a desk replay runs, a playhead line follows its
 * clock and a click (no drag) seeks the replay there. uPlot draws on a canvas, so the theme's
 * colours are read from the CSS variables and the chart is rebuilt when the theme changes. The
 * playhead is an element over the plot, moved without React or a canvas redraw at every frame.
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { OverrideEventKind } from '../../../../shared/domain'
import { formatPrice } from '../../lib/format'
import { useReplayStore } from '../../store/replay-store'
import { cursorTimeLabel, priceAxisLabels, priceAxisWidth, timeAxisLabels } from './review-format'
import type { ChartData, OverrideMarker } from './series-align'

const HEIGHT = 300

/** Mid-saturation hues that read on both the dark and the light background. */
const LINE_COLOURS = ['#4c8dff', '#e0a030', '#c061d6', '#2bb3b1', '#d9694c', '#8fb339']

export const MARKER_COLOURS: Record<OverrideEventKind, string> = {
  set: '#e0a030',
  changed: '#c061d6',
  expired: '#8b96a3',
  lifted: '#2bb3b1',
}

function lineColour(index: number): string {
  return LINE_COLOURS[index % LINE_COLOURS.length] as string
}

interface Props {
  data: ChartData
  markers: OverrideMarker[]
  /** The line drawn bold (the outcome Review was opened on); -1 for none. */
  boldLine: number
  /** Epoch ms of a dragged selection. */
  onSelectRange: (from: number, to: number) => void
  /** Epoch ms of a click without a drag. */
  onPick: (at: number) => void
}

/** A press that moves less than this is a click, not a drag (uPlot's own selection threshold). */
const CLICK_SLOP_PX = 3

export function PriceChart({ data, markers, boldLine, onSelectRange, onPick }: Props) {
  const holder = useRef<HTMLDivElement>(null)
  const width = useWidth(holder)
  const themeVersion = useThemeVersion()
  // Kept in a ref so a new callback from the parent does not rebuild the chart.
  const onSelect = useRef(onSelectRange)
  const onClick = useRef(onPick)
  useEffect(() => {
    onSelect.current = onSelectRange
    onClick.current = onPick
  }, [onSelectRange, onPick])
  const chartRef = useRef<uPlot | null>(null)
  useEffect(
    () => useReplayStore.subscribe((s) => placePlayhead(chartRef.current, s.session?.clock.position ?? null)),
    [],
  )

  useEffect(() => {
    const el = holder.current
    if (!el || width === 0) return
    const css = getComputedStyle(document.documentElement)
    const colour = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
    const muted = colour('--muted', '#8b96a3')
    const grid = colour('--line', '#262d36')
    const options: uPlot.Options = {
      width,
      height: HEIGHT,
      cursor: { drag: { x: true, y: false, setScale: false } },
      select: { show: true, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: true } },
      axes: [
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          space: 90,
          values: (_u, vals) => timeAxisLabels(vals),
        },
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          font: AXIS_FONT,
          size: (_u, labels) => priceAxisWidth(labels ?? [], textWidth),
          values: (_u, vals) => priceAxisLabels(vals),
        },
      ],
      series: [
        { value: (_u, v) => cursorTimeLabel(v) },
        ...data.labels.map((label, i) => ({
          label,
          stroke: lineColour(i),
          width: i === boldLine ? 3 : 1.5,
          paths: uPlot.paths.stepped?.({ align: 1 }),
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : formatPrice(v)),
        })),
      ],
      hooks: {
        drawClear: [(u) => shadeSuspensions(u, data.suspendedSpans, colour('--down', '#e5534b'))],
        draw: [(u) => drawMarkers(u, markers)],
        // The scales are set once the chart is ready (uPlot finishes building it a moment later).
        ready: [(u) => placePlayhead(u, useReplayStore.getState().session?.clock.position ?? null)],
        setSelect: [
          (u) => {
            if (u.select.width < 3) return
            const from = u.posToVal(u.select.left, 'x') * 1000
            const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
            onSelect.current(Math.floor(from), Math.ceil(to))
          },
        ],
      },
    }
    const chart = new uPlot(options, [data.x, ...data.ys] as uPlot.AlignedData, el)
    const head = document.createElement('div')
    head.className = 'chart-playhead'
    head.dataset['testid'] = 'chart-playhead'
    chart.over.appendChild(head)
    chartRef.current = chart
    const stopClicks = onPlotClick(chart, (at) => onClick.current(at))
    return () => {
      stopClicks()
      chartRef.current = null
      chart.destroy()
    }
  }, [data, markers, boldLine, width, themeVersion])

  return (
    <div
      ref={holder}
      className="price-chart"
      data-testid="review-chart"
      data-points={data.x.length}
      data-lines={data.ys.length}
      data-bold-line={boldLine}
    />
  )
}

/** Moves the playhead to `at` (epoch ms); hidden with no replay, or outside the chart's range. */
function placePlayhead(chart: uPlot | null, at: number | null): void {
  const head = chart?.over.querySelector<HTMLElement>('.chart-playhead')
  if (!chart || !head) return
  const { min, max } = chart.scales['x'] ?? {}
  const inside = at !== null && min !== undefined && max !== undefined && at / 1000 >= min && at / 1000 <= max
  head.hidden = !inside
  if (inside) head.style.transform = `translateX(${chart.valToPos(at / 1000, 'x')}px)`
  head.dataset['at'] = at === null ? '' : String(at)
}

/** Calls `pick` with the time under a click that did not drag (a drag selects a range instead). */
function onPlotClick(chart: uPlot, pick: (at: number) => void): () => void {
  let downX: number | null = null
  const down = (e: PointerEvent) => (downX = e.clientX)
  const up = (e: PointerEvent) => {
    if (downX === null || Math.abs(e.clientX - downX) >= CLICK_SLOP_PX) return
    downX = null
    const x = e.clientX - chart.over.getBoundingClientRect().left
    pick(Math.round(chart.posToVal(x, 'x') * 1000))
  }
  chart.over.addEventListener('pointerdown', down)
  chart.over.addEventListener('pointerup', up)
  return () => {
    chart.over.removeEventListener('pointerdown', down)
    chart.over.removeEventListener('pointerup', up)
  }
}

/** uPlot's own axis font, named here so labels are measured in the font they are drawn in. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
let measuring: CanvasRenderingContext2D | null = null

function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d')
  if (!measuring) return text.length * 8 // no 2D context: a generous guess per character
  measuring.font = AXIS_FONT
  return measuring.measureText(text).width
}

function shadeSuspensions(u: uPlot, spans: readonly [number, number][], colour: string): void {
  const { ctx, bbox } = u
  ctx.save()
  ctx.fillStyle = colour
  ctx.globalAlpha = 0.12
  for (const [from, to] of spans) {
    const left = Math.max(bbox.left, u.valToPos(from, 'x', true))
    const right = Math.min(bbox.left + bbox.width, u.valToPos(to, 'x', true))
    if (right > left) ctx.fillRect(left, bbox.top, Math.max(1, right - left), bbox.height)
  }
  ctx.restore()
}

function drawMarkers(u: uPlot, markers: readonly OverrideMarker[]): void {
  const { ctx, bbox } = u
  const ratio = uPlot.pxRatio
  ctx.save()
  for (const m of markers) {
    const x = u.valToPos(m.x, 'x', true)
    if (x < bbox.left || x > bbox.left + bbox.width) continue
    ctx.strokeStyle = ctx.fillStyle = MARKER_COLOURS[m.action]
    ctx.setLineDash([4 * ratio, 3 * ratio])
    ctx.lineWidth = ratio
    ctx.beginPath()
    ctx.moveTo(x, bbox.top)
    ctx.lineTo(x, bbox.top + bbox.height)
    ctx.stroke()
    // A small flag at the top says "override" even where lines cross the dashed stroke.
    ctx.beginPath()
    ctx.moveTo(x, bbox.top)
    ctx.lineTo(x + 7 * ratio, bbox.top + 4 * ratio)
    ctx.lineTo(x, bbox.top + 8 * ratio)
    ctx.fill()
  }
  ctx.restore()
}

/** Width of an element, following resizes (0 until laid out). */
function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** Bumps when `data-theme` on <html> changes, so canvas colours follow the theme. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return version
}
