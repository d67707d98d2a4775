/**
 * The page's tree as built from its HTML (./page-tree), and what the other parts of the drawing read of it: the
 * pictures we draw, the text and its fonts, what must be fitted by measuring, the elements whose style came from the
 * template. And what an element passes down to what it holds while it is built.
 */
import type { ContainerNode, ImageNode, TreeNode } from '../engine/drawing-engine';
import type { PageFonts, PageText } from '../fonts/page-fonts';
import type { PagePicture } from '../pictures/image-slots';
import type { LayoutRules } from '../../shared/page-options';
import type { SourcePlace } from '../../shared/source-map';
import type { OverflowColumnsRequest } from './column-flow';
import type { FitRequest, LineFitRequest, OverflowRequest } from './fit-attributes';
import type { NumberFormatRequest } from './number-request';

/** An element whose style came from the template, and where it is written. */
export interface StyledNode {
  node: TreeNode;
  place: SourcePlace;
}

export interface PageTree {
  root: ContainerNode;
  /** The pictures drawn by us at their box's size (QR codes, charts, dithered pictures). */
  pictures: PagePicture[];
  styled: StyledNode[];
  /** The page's text, with the fonts that may draw each run. */
  texts: PageText[];
  /** Elements whose wrapping text shrinks to fit, and containers that draw only the children that fit. */
  fits: FitRequest[];
  /** Elements whose line of text Takumi shrinks: checked once laid out, so that a cut is told. */
  lineFits: LineFitRequest[];
  overflows: OverflowRequest[];
  /** Containers whose items flow through columns (a TRMNL recipe's `.columns`), as many as show the most of them. */
  overflowColumns: OverflowColumnsRequest[];
  /** Elements whose number is written shorter where it does not fit its parent (./number-request). */
  numbers: NumberFormatRequest[];
  /** What the page should be told of (a font-family no font of the page has). */
  notes: string[];
  /** The icons: their size is always given, so a layout without drawing needs not read their pictures. */
  icons: ImageNode[];
  /** How many declarations the engine could not read were left out of the page since it was built. */
  leftOut: number;
}

export interface PageLayout {
  width: number;
  height: number;
  rules: LayoutRules;
  /** Pictures of the template's own are drawn by us (dithered) unless this is `none`. */
  ditherPictures: boolean;
  /** The fonts the page may use: the shipped ones and the node's own. */
  fonts: PageFonts;
}

/** What an element passes down to what it holds, as CSS inherits it, and where it is. */
export interface Inherited {
  lang: string | undefined;
  /** The families the template named (as the engine knows them), before the page's stack. */
  named: readonly string[];
  /** Those and the stack: the families that may draw its text, first choice first. */
  families: readonly string[];
  fontSize: number | undefined;
  /** Its CSS font weight, for the faces its text needs. */
  fontWeight: number;
  colour: string;
  whiteSpace: string;
  /** The element and its ancestors, the page first. */
  path: readonly ContainerNode[];
  /** Under the flex rules, inside an element of fitted or clamped text: inline elements stay inline. */
  inlineFlow: boolean;
}
